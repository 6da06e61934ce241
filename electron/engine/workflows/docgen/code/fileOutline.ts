import type { OutlineParser, OutlineSymbol } from "./OutlineSymbol.js";
import { regexOutline } from "./regexOutline.js";
import { treeSitterOutline } from "./treeSitterOutline.js";
import { tsOutline } from "./tsOutline.js";

const TS_JS = /\.(?:[cm]?[jt]sx?)$/i;

/**
 * Symbols of one source file with line spans: the TypeScript compiler for TS/JS, web-tree-sitter for
 * the languages it has grammars for, a declaration regex otherwise (or when a parser fails).
 */
export async function fileOutline(fileName: string, text: string): Promise<{ parser: OutlineParser; symbols: OutlineSymbol[] }> {
  try {
    if (TS_JS.test(fileName)) {
      const symbols = await tsOutline(fileName, text);
      if (symbols) return { parser: "typescript", symbols };
    } else {
      const symbols = await treeSitterOutline(fileName, text);
      if (symbols) return { parser: "tree-sitter", symbols };
    }
  } catch {
    // A parser crash on odd input is not the agent's problem: fall through to the regex outline.
  }
  return { parser: "regex", symbols: regexOutline(text) };
}
