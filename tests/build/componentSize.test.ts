import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAX_LINES = 80;

/** The large screens' building blocks, kept small enough to read in one sitting. */
const COMPONENTS = ["renderer/features/common/editor/MarkdownEditor.tsx", "renderer/features/common/DocumentPane.tsx", "renderer/app/DropImport.tsx"];

const lineCount = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8").trimEnd().split("\n").length;

/** The files `file` imports from its own folder or below ("./x.js" → x.ts or x.tsx). */
function localImports(file: string): string[] {
  const source = fs.readFileSync(path.join(ROOT, file), "utf8");
  return [...source.matchAll(/from "(\.\/[^"]+)\.js"/g)].map((m) => {
    const base = path.join(path.dirname(file), m[1]!);
    const found = [".ts", ".tsx"].map((ext) => base + ext).find((candidate) => fs.existsSync(path.join(ROOT, candidate)));
    if (!found) throw new Error(`${file} imports ${m[1]}.js, which is neither ${base}.ts nor ${base}.tsx`);
    return found;
  });
}

/** A component, the parts it imports from its folder, and everything in the folder named after it (documentPane/ …). */
function partsOf(component: string): string[] {
  const folder = path.join(path.dirname(component), path.basename(component, ".tsx").replace(/^./, (c) => c.toLowerCase()));
  const own = fs.statSync(path.join(ROOT, folder), { throwIfNoEntry: false })?.isDirectory()
    ? fs.readdirSync(path.join(ROOT, folder)).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => path.join(folder, f))
    : [];
  return [...new Set([component, ...localImports(component), ...own])];
}

describe("component files stay small", () => {
  for (const component of COMPONENTS) {
    it(`${component} and its parts are ${MAX_LINES} lines or fewer each`, () => {
      const parts = partsOf(component);
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.map((file) => ({ file, lines: lineCount(file) })).filter((p) => p.lines > MAX_LINES)).toEqual([]);
    });
  }
});
