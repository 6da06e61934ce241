import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_STRUCTURED_SCHEMAS } from "./structuredSchemas.js";

const ROOT = resolve(import.meta.dirname, "../..");
/** The LLM layer and the test doubles pass schemas through; they are not call sites. */
const PASS_THROUGH = ["electron/engine/llm/", "electron/engine/testing/", "electron/engine/workflows/common/tryStructured.ts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file → schema identifiers` for every file that asks a model for structured output. */
function callSites(): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  for (const path of sourceFiles(join(ROOT, "electron"))) {
    const file = relative(ROOT, path);
    if (PASS_THROUGH.some((prefix) => file.startsWith(prefix))) continue;
    const text = readFileSync(path, "utf8");
    if (!/\b(generateStructured|tryStructured)\s*[<(]/.test(text)) continue;
    const named = [...text.matchAll(/\bschema:\s*([A-Za-z_$][\w$]*)\s*[(,}\n]/g)].map((m) => m[1]!);
    // Shorthand `schema,` after `const schema = builder(…)`: the builder is the schema's name.
    const shorthand = /^\s*schema,\s*$/m.test(text) ? [...text.matchAll(/\bconst schema\s*=\s*([A-Za-z_$][\w$]*)\s*\(/g)].map((m) => m[1]!) : [];
    sites.set(file, [...named, ...shorthand]);
  }
  return sites;
}

describe("the registry of structured schemas", () => {
  it("lists every schema a call site hands to generateStructured", () => {
    const registered = new Set([...ALL_STRUCTURED_SCHEMAS.keys()].map((key) => key.split("/")[1]!));
    const sites = callSites();
    expect(sites.size).toBeGreaterThanOrEqual(15);
    const missing: string[] = [];
    for (const [file, names] of sites) {
      // A call site whose schema is not a plain identifier (a variable built inline) cannot be checked: name it.
      if (names.length === 0) missing.push(`${file}: no \`schema: Identifier\` found`);
      for (const name of names) if (!registered.has(name)) missing.push(`${file}: ${name}`);
    }
    expect(missing, "add these to the workflow's structuredSchemas.ts").toEqual([]);
  });

  it("has no entry that no call site uses", () => {
    const used = new Set([...callSites().values()].flat());
    const unused = [...ALL_STRUCTURED_SCHEMAS.keys()].filter((key) => !used.has(key.split("/")[1]!));
    expect(unused).toEqual([]);
  });
});
