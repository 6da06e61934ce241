import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { braceExpand, minimatch } from "minimatch";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
const config = require(path.join(root, "build/electron-builder.config.cjs")) as {
  asarUnpack: string[];
  files: string[];
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: string[] };
};

/** electron-builder's macros for this machine. */
const OS = { linux: "linux", darwin: "mac", win32: "win" }[process.platform as "linux" | "darwin" | "win32"] ?? process.platform;
const expand = (glob: string) => glob.replaceAll("${os}", OS).replaceAll("${arch}", process.arch).replaceAll("${platform}", process.platform);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(path.relative(root, full).split(path.sep).join("/"));
  }
  return out;
}

/** The package folders the unpack globs name (brace lists expanded), plus node-llama-cpp whose binaries must be among them. */
const nativeRoots = [
  "node_modules/node-llama-cpp",
  ...new Set(config.asarUnpack.flatMap((glob) => braceExpand(glob)).map((glob) => glob.slice(0, glob.search(/\/[^/]*\*/)))),
];
const installed = nativeRoots.filter((dir) => fs.existsSync(path.join(root, dir))).flatMap((dir) => walk(path.join(root, dir)));

describe("electron-builder config", () => {
  it("builds AppImage + deb, NSIS and dmg", () => {
    expect(config.linux.target).toEqual(["AppImage", "deb"]);
    expect(config.win.target).toEqual(["nsis"]);
    expect(config.mac.target).toEqual(["dmg"]);
  });

  it("every unpack glob matches real native files in node_modules", () => {
    for (const glob of config.asarUnpack) {
      const matches = installed.filter((file) => minimatch(file, expand(glob), { dot: true }));
      expect(matches.length, `asarUnpack ${glob} matches nothing`).toBeGreaterThan(0);
    }
    // The files that must load from disk at run time are among them.
    const unpacked = (file: string) => config.asarUnpack.some((glob) => minimatch(file, expand(glob), { dot: true }));
    const nativeModules = installed.filter((file) => file.endsWith(".node"));
    expect(nativeModules.length).toBeGreaterThan(0);
    for (const file of nativeModules.filter((f) => !f.includes("/obj"))) expect(unpacked(file), file).toBe(true);
  });

  it("ships only this platform's native binaries and never a model", () => {
    const included = (file: string) => {
      let keep = false;
      for (const pattern of config.files) {
        const negated = pattern.startsWith("!");
        if (minimatch(file, expand(negated ? pattern.slice(1) : pattern), { dot: true })) keep = !negated;
      }
      return keep;
    };
    const platformDirs = installed.filter((file) => file.startsWith("node_modules/@node-llama-cpp/") && file.includes("/bins/"));
    const kept = platformDirs.filter(included);
    expect(kept.length).toBeGreaterThan(0);
    for (const file of kept) {
      expect(file.split("/")[2]!.startsWith(`${OS}-${process.arch}`), file).toBe(true);
      expect(file).not.toMatch(/cuda/);
    }
    expect(included("models/qwen2.5-3b-instruct-q4_k_m.gguf")).toBe(false);
    expect(included("models/catalog.json")).toBe(true);
    expect(included("dist/renderer/index.html")).toBe(true);
  });
});
