import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { removeStaleTempFiles } from "./removeStaleTempFiles.js";

describe("removeStaleTempFiles", () => {
  it("removes a dead process's atomic-write leftovers and keeps live ones and real files", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stale-tmp-"));
    const session = path.join(dir, "s1");
    fs.mkdirSync(session);
    // A pid that surely exited: a child that ran and ended.
    const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const dead = path.join(session, `.section_0.md.${deadPid}.0123456789ab.tmp`);
    const live = path.join(session, `.section_1.md.${process.pid}.0123456789ab.tmp`);
    const real = path.join(session, "section_0.md");
    for (const file of [dead, live, real]) fs.writeFileSync(file, "x");
    expect(removeStaleTempFiles(dir)).toBe(1);
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.readFileSync(real, "utf8")).toBe("x");
    expect(removeStaleTempFiles(path.join(dir, "missing"))).toBe(0);
  });
});
