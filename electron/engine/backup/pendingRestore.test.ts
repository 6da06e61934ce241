import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";
import { applyPendingRestore, PENDING_RESTORE } from "./pendingRestore.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pending-restore-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("applyPendingRestore", () => {
  it("does nothing without a staged restore", async () => {
    const dir = path.join(root, "none");
    fs.mkdirSync(dir);
    expect(await applyPendingRestore(dir)).toBeNull();
  });

  it("sets a staged file that is no longer a backup aside, says why, and leaves app.db as it was", async () => {
    const dir = path.join(root, "broken");
    fs.mkdirSync(dir);
    const db = new Database(path.join(dir, "app.db"));
    db.exec("CREATE TABLE kept(x); INSERT INTO kept VALUES (42)");
    db.close();
    fs.writeFileSync(path.join(dir, PENDING_RESTORE), "truncated");
    const error = await applyPendingRestore(dir).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect((error as Error).message).toMatch(/not a readable zip/);
    expect(fs.existsSync(path.join(dir, PENDING_RESTORE))).toBe(false);
    expect(fs.readdirSync(dir).filter((name) => /^restore-failed-.*\.zip$/.test(name))).toHaveLength(1);
    const reopened = new Database(path.join(dir, "app.db"), { readonly: true });
    expect(reopened.prepare("SELECT x FROM kept").get()).toEqual({ x: 42 });
    reopened.close();
  });
});
