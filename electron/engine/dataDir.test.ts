import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataDirFromArgv, defaultDataDir, resolveDataDir } from "./dataDir.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("dataDir", () => {
  it("reads --data-dir in both spellings", () => {
    expect(dataDirFromArgv(["node", "cli", "--data-dir", "/x/y"])).toBe("/x/y");
    expect(dataDirFromArgv(["--data-dir=/a b"])).toBe("/a b");
    expect(dataDirFromArgv(["--port", "1"])).toBeNull();
    expect(defaultDataDir()).toBe(path.join(os.homedir(), ".scriptorium"));
  });

  it("creates models/, cache/ and lancedb/ under the chosen dir, explicit value first", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-dd-"));
    dirs.push(root);
    const fromArgv = resolveDataDir(null, ["--data-dir", path.join(root, "argv")]);
    expect(fromArgv.root).toBe(path.join(root, "argv"));
    const layout = resolveDataDir(path.join(root, "explicit"), ["--data-dir", path.join(root, "argv")]);
    expect(layout.root).toBe(path.join(root, "explicit"));
    for (const dir of [layout.models, layout.cache, layout.lancedb]) expect(fs.statSync(dir).isDirectory()).toBe(true);
  });
});
