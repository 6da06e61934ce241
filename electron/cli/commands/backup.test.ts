import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, describe, expect, it } from "vitest";
import { AppDb } from "../../engine/storage/AppDb.js";
import { SettingsStore } from "../../engine/storage/SettingsStore.js";
import { runCli } from "../runCli.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "cli-backup-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(argv, { stdout: { write: (c) => (out += String(c)) }, stderr: { write: (c) => (err += String(c)) } }, async () => {
    throw new Error("backup, restore and diagnostics must not open the engine");
  });
  return { code, out, err };
}

describe("backup / restore / diagnostics commands", () => {
  it("backs up one data dir and restores it into another; diagnostics zips logs, versions, settings", async () => {
    const source = path.join(root, "source");
    const db = AppDb.open(source);
    new SettingsStore(db.db).update({ locale: "en", threads: 3 });
    db.close();
    const zip = path.join(root, "b.zip");
    const backup = await cli("backup", "--out", zip, "--data-dir", source, "--json");
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    expect(JSON.parse(backup.out)).toMatchObject({ file: zip, withSecrets: false });

    const target = path.join(root, "target");
    const restore = await cli("restore", zip, "--data-dir", target);
    expect(restore.code).toBe(0);
    expect(restore.out).toContain(`into ${target}`);
    const restored = AppDb.open(target);
    expect(new SettingsStore(restored.db).get()).toMatchObject({ locale: "en", threads: 3 });
    restored.close();

    const diag = path.join(root, "diag.zip");
    expect((await cli("diagnostics", "--out", diag, "--data-dir", target)).code).toBe(0);
    expect(Object.keys((await JSZip.loadAsync(fs.readFileSync(diag))).files)).toEqual(expect.arrayContaining(["versions.json", "settings.json"]));
  });

  it("usage mistakes exit 2; a missing file exits 1 naming it", async () => {
    expect((await cli("backup")).code).toBe(2);
    expect((await cli("restore")).code).toBe(2);
    const missing = await cli("restore", path.join(root, "nope.zip"), "--data-dir", path.join(root, "x"));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("nope.zip");
  });
});
