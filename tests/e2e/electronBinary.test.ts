import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findElectronBinary } from "./harness/electronBinary.js";

/** A project root with `node_modules/electron` as far as `parts` says. */
function fakeRoot(parts: { pkg?: boolean; pathTxt?: string; binary?: string }): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "electron-bin-"));
  const pkg = path.join(root, "node_modules", "electron");
  if (parts.pkg) {
    fs.mkdirSync(pkg, { recursive: true });
    fs.writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ name: "electron" }));
  }
  if (parts.pathTxt !== undefined) fs.writeFileSync(path.join(pkg, "path.txt"), parts.pathTxt);
  if (parts.binary) {
    fs.mkdirSync(path.dirname(path.join(pkg, "dist", parts.binary)), { recursive: true });
    fs.writeFileSync(path.join(pkg, "dist", parts.binary), "");
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

// The Electron smoke test (electronApp.test.ts) runs exactly when this finds a binary; its
// skip reason is this diagnosis. Each case is one state a checkout can be in.
describe("findElectronBinary", () => {
  it("says to run npm ci when the electron package is absent", () => {
    expect(findElectronBinary(fakeRoot({}))).toEqual({ missing: "the electron package is not installed (run npm ci)" });
  });

  it("says the postinstall download never ran when path.txt is absent", () => {
    const found = findElectronBinary(fakeRoot({ pkg: true }));
    expect("missing" in found && found.missing).toMatch(/path\.txt is absent.*npx install-electron/);
  });

  it("names the missing binary when path.txt points at nothing", () => {
    const root = fakeRoot({ pkg: true, pathTxt: "electron\n" });
    const found = findElectronBinary(root);
    expect("missing" in found && found.missing).toContain(path.join(root, "node_modules", "electron", "dist", "electron"));
  });

  it("finds the binary path.txt names under dist/ (trimmed; macOS app bundles too)", () => {
    const linux = fakeRoot({ pkg: true, pathTxt: "electron\n", binary: "electron" });
    expect(findElectronBinary(linux)).toEqual({ path: path.join(linux, "node_modules", "electron", "dist", "electron") });
    const mac = "Electron.app/Contents/MacOS/Electron";
    const macRoot = fakeRoot({ pkg: true, pathTxt: mac, binary: mac });
    expect(findElectronBinary(macRoot)).toEqual({ path: path.join(macRoot, "node_modules", "electron", "dist", mac) });
  });

  it("states why this checkout has no Electron, in one line", () => {
    const here = findElectronBinary();
    if ("missing" in here) expect(here.missing).not.toContain("\n");
    else expect(fs.existsSync(here.path)).toBe(true);
  });
});
