import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const outdir = mkdtempSync(path.join(tmpdir(), "scriptorium-build-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe("build/buildElectron.mjs", () => {
  it("bundles main as ESM with npm packages external and the preload as self-contained CJS", () => {
    const result = spawnSync(process.execPath, ["build/buildElectron.mjs", "--outdir", outdir], { cwd: root, encoding: "utf8", timeout: 120_000 });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const main = readFileSync(path.join(outdir, "main.js"), "utf8");
    const imports = new Set([...main.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]));
    for (const external of ["electron", "better-sqlite3"]) expect(imports).toContain(external);
    // Native addons must stay out of the bundle: their loaders resolve binaries relative to themselves.
    expect(main).not.toContain("node_modules/node-llama-cpp");
    expect(main).not.toContain("node_modules/better-sqlite3");
    const preload = readFileSync(path.join(outdir, "preload.cjs"), "utf8");
    expect([...new Set([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))]).toEqual(["electron"]);
    expect(preload).not.toMatch(/^import /m);
    expect(preload).toContain("scriptorium:subscribe");
    expect(existsSync(path.join(outdir, "preload.cjs.map"))).toBe(true);
  });
});
