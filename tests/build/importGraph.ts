import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The production import graph of shared/, electron/ and renderer/ (tests and test doubles left out). */
export interface ImportGraph {
  root: string;
  /** File (repo-relative, `/`-separated) → the repo files it imports (type-only imports included). */
  edges: Map<string, string[]>;
  /** File → its source text. */
  sources: Map<string, string>;
}

const SOURCE = /\.tsx?$/;
const EXCLUDED = /\.test\.tsx?$|\/engine\/testing\//;

export function readImportGraph(root: string): ImportGraph {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !EXCLUDED.test(full)) files.push(path.relative(root, full).split(path.sep).join("/"));
    }
  };
  for (const dir of ["shared", "electron", "renderer"]) walk(path.join(root, dir));
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  const sources = new Map<string, string>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    sources.set(file, text);
    const targets = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((i) => i.fileName)
      .filter((spec) => spec.startsWith("."))
      .flatMap((spec) => {
        const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        const found = [base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"), `${base}.ts`, `${base}.tsx`, base].find((c) => known.has(c));
        return found ? [found] : [];
      });
    edges.set(file, targets);
  }
  return { root, edges, sources };
}

/** Strongly connected components with more than one file (Tarjan): each is an import cycle. */
export function importCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of graph.edges.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
