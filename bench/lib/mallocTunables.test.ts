import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { onGlibc, webMallocTunables } from "./mallocTunables.js";

const root = path.resolve(import.meta.dirname, "../..");
const scripts = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const LD_SO = "/lib64/ld-linux-x86-64.so.2";

/** Runs the part of an npm script before `tsx`, with `node -p` in place of the host: what env the host gets. */
function hostEnv(script: string, env: NodeJS.ProcessEnv): string {
  const prefix = script.slice(script.lastIndexOf("cross-env"), script.indexOf(" tsx "));
  const bin = path.join(root, "node_modules/.bin");
  return execFileSync("sh", ["-c", `${prefix} node -p process.env.GLIBC_TUNABLES`], { cwd: root, encoding: "utf8", env: { ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ""}` } }).trim();
}

describe("the Node hosts' malloc settings (npm scripts)", () => {
  const tunables = webMallocTunables();

  it("sets one value for `web` and `bench`, with all three thresholds (any one set turns glibc's dynamic threshold off)", () => {
    expect(tunables).toBe("glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=134217728:glibc.malloc.top_pad=16777216");
    expect(scripts.bench).toContain(`\${GLIBC_TUNABLES:-${tunables}}`);
  });

  it("starts the host with them, and keeps a GLIBC_TUNABLES the user set", { timeout: 30_000 }, () => {
    const env = { ...process.env };
    delete env.GLIBC_TUNABLES;
    expect(hostEnv(scripts.web!, env)).toBe(tunables);
    expect(hostEnv(scripts.bench!, env)).toBe(tunables);
    expect(hostEnv(scripts.web!, { ...env, GLIBC_TUNABLES: "glibc.malloc.arena_max=4" })).toBe("glibc.malloc.arena_max=4");
  });

  it.runIf(onGlibc() && existsSync(LD_SO))("is a value glibc's loader reads as meant", () => {
    const listed = execFileSync(LD_SO, ["--list-tunables"], { encoding: "utf8", env: { GLIBC_TUNABLES: tunables } });
    for (const [name, hex] of [["arena_max", "0x2"], ["mmap_threshold", "0x2000000"], ["trim_threshold", "0x8000000"], ["top_pad", "0x1000000"]]) {
      expect(listed).toMatch(new RegExp(`glibc\\.malloc\\.${name}: ${hex} `));
    }
  });

  it("names the file when package.json's web script has no default", () => {
    expect(() => webMallocTunables(path.join(root, "tsconfig.json"))).toThrow(/tsconfig\.json: the "web" script sets no GLIBC_TUNABLES/);
  });
});
