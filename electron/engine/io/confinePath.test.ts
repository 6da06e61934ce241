import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { confinePathSync, isInsideRoot } from "./confinePath.js";

describe("isInsideRoot", () => {
  const root = path.resolve("/srv/app");

  it("accepts the root and what lies under it, including names that start with dots", () => {
    for (const inside of [root, path.join(root, "a.txt"), path.join(root, "sub/deep/b"), path.join(root, "..notes")]) expect(isInsideRoot(root, inside)).toBe(true);
  });

  it("refuses parents, siblings sharing a prefix and paths climbing out", () => {
    for (const outside of [path.dirname(root), path.resolve("/srv/app2/x"), path.join(root, "../other"), path.resolve("/etc/passwd")]) expect(isInsideRoot(root, outside)).toBe(false);
  });

  it("works for the filesystem root", () => {
    expect(isInsideRoot(path.parse(root).root, root)).toBe(true);
  });
});

describe("confinePathSync (real files and links)", () => {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), "confine-")));
  const root = path.join(base, "root");
  mkdirSync(path.join(root, "sub"), { recursive: true });
  writeFileSync(path.join(root, "sub/in.txt"), "in");
  writeFileSync(path.join(base, "secret.txt"), "out");
  symlinkSync(path.join(base, "secret.txt"), path.join(root, "escape.txt"));
  symlinkSync(path.join(root, "sub/in.txt"), path.join(root, "alias.txt"));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it("returns the real path of a file inside, also through a link that stays inside", () => {
    expect(confinePathSync(root, path.join(root, "sub/in.txt"))).toBe(path.join(root, "sub/in.txt"));
    expect(confinePathSync(root, path.join(root, "alias.txt"))).toBe(path.join(root, "sub/in.txt"));
  });

  it("refuses a link pointing out of the root, a missing file and a path climbing out", () => {
    expect(confinePathSync(root, path.join(root, "escape.txt"))).toBeNull();
    expect(confinePathSync(root, path.join(root, "missing.txt"))).toBeNull();
    expect(confinePathSync(root, path.join(root, "../secret.txt"))).toBeNull();
  });
});
