import { createRequire } from "node:module";
import path from "node:path";
import type { OutlineSymbol } from "./OutlineSymbol.js";

type WebTreeSitter = typeof import("web-tree-sitter");
type TsNode = import("web-tree-sitter").Node;

/** Grammar file (in @vscode/tree-sitter-wasm) per file extension. */
const GRAMMAR_BY_EXT: Record<string, string> = {
  ".py": "python",
  ".pyi": "python",
  ".go": "go",
  ".rs": "rust",
  ".java": "java",
  ".rb": "ruby",
  ".cs": "c-sharp",
  ".cpp": "cpp",
  ".cc": "cpp",
  ".cxx": "cpp",
  ".hpp": "cpp",
  ".hh": "cpp",
  ".h": "cpp",
  ".c": "cpp",
  ".php": "php",
  ".sh": "bash",
  ".bash": "bash",
};

/** Node types that are outline symbols, per grammar, with the kind shown to the agent. */
const SYMBOL_TYPES: Record<string, Record<string, string>> = {
  python: { function_definition: "function", class_definition: "class", decorated_definition: "" },
  go: { function_declaration: "function", method_declaration: "method", type_spec: "type" },
  rust: { function_item: "function", struct_item: "struct", enum_item: "enum", trait_item: "trait", impl_item: "impl", mod_item: "module", const_item: "const", function_signature_item: "function" },
  java: { class_declaration: "class", interface_declaration: "interface", enum_declaration: "enum", method_declaration: "method", constructor_declaration: "constructor", record_declaration: "record" },
  ruby: { class: "class", module: "module", method: "method", singleton_method: "method" },
  "c-sharp": { class_declaration: "class", interface_declaration: "interface", struct_declaration: "struct", enum_declaration: "enum", method_declaration: "method", namespace_declaration: "namespace" },
  cpp: { function_definition: "function", class_specifier: "class", struct_specifier: "struct", namespace_definition: "namespace", enum_specifier: "enum" },
  php: { function_definition: "function", class_declaration: "class", method_declaration: "method", interface_declaration: "interface", trait_declaration: "trait" },
  bash: { function_definition: "function" },
};

/** Containers whose children are walked too (declarations nested in bodies, blocks, declaration lists). */
const MAX_DEPTH = 2;
const MAX_SYMBOLS = 400;

let runtime: Promise<WebTreeSitter | undefined> | undefined;
const languages = new Map<string, Promise<import("web-tree-sitter").Language | undefined>>();

export function treeSitterGrammarFor(fileName: string): string | undefined {
  return GRAMMAR_BY_EXT[path.extname(fileName).toLowerCase()];
}

function loadRuntime(): Promise<WebTreeSitter | undefined> {
  runtime ??= (async () => {
    const require = createRequire(import.meta.url);
    const wts = (await import("web-tree-sitter")) as WebTreeSitter;
    const wasm = require.resolve("web-tree-sitter/tree-sitter.wasm");
    await wts.Parser.init({ locateFile: () => wasm });
    return wts;
  })().catch(() => undefined);
  return runtime;
}

function loadLanguage(wts: WebTreeSitter, grammar: string): Promise<import("web-tree-sitter").Language | undefined> {
  let p = languages.get(grammar);
  if (!p) {
    p = (async () => {
      const require = createRequire(import.meta.url);
      const dir = path.join(path.dirname(require.resolve("@vscode/tree-sitter-wasm/package.json")), "wasm");
      return wts.Language.load(path.join(dir, `tree-sitter-${grammar}.wasm`));
    })().catch(() => undefined);
    languages.set(grammar, p);
  }
  return p;
}

/** Outline with web-tree-sitter and a prebuilt grammar; undefined when the language or runtime is unavailable. */
export async function treeSitterOutline(fileName: string, text: string): Promise<OutlineSymbol[] | undefined> {
  const grammar = treeSitterGrammarFor(fileName);
  if (!grammar) return undefined;
  const wts = await loadRuntime();
  if (!wts) return undefined;
  const language = await loadLanguage(wts, grammar);
  if (!language) return undefined;
  const parser = new wts.Parser();
  try {
    parser.setLanguage(language);
    const tree = parser.parse(text);
    if (!tree) return undefined;
    try {
      const types = SYMBOL_TYPES[grammar] ?? {};
      const out: OutlineSymbol[] = [];
      const visit = (node: TsNode, depth: number): void => {
        if (out.length >= MAX_SYMBOLS) return;
        for (const child of node.namedChildren) {
          if (!child) continue;
          const kind = types[child.type];
          if (kind === "") {
            // A decorated definition wraps the real one: visit it at the same depth.
            visit(child, depth);
            continue;
          }
          if (kind !== undefined) {
            const name = symbolName(child);
            out.push({
              kind,
              name,
              startLine: child.startPosition.row + 1,
              endLine: child.endPosition.row + 1,
              exported: isExported(grammar, child, name),
              depth,
            });
            if (depth + 1 < MAX_DEPTH) visit(child, depth + 1);
          } else if (depth < MAX_DEPTH && isContainer(child.type)) visit(child, depth);
        }
      };
      visit(tree.rootNode, 0);
      return out;
    } finally {
      tree.delete();
    }
  } finally {
    parser.delete();
  }
}

function isContainer(type: string): boolean {
  return /block|body|declaration_list|field_declaration_list|type_declaration|class_body|interface_body|enum_body|compound_statement|source_file|program|namespace/.test(type);
}

function symbolName(node: TsNode): string {
  const named = node.childForFieldName("name") ?? node.childForFieldName("declarator") ?? node.childForFieldName("type");
  if (named) {
    const inner = named.childForFieldName("declarator") ?? named.childForFieldName("name");
    return (inner ?? named).text.split("(")[0]!.trim().slice(0, 80);
  }
  return node.text.split("\n")[0]!.slice(0, 80);
}

function isExported(grammar: string, node: TsNode, name: string): boolean {
  switch (grammar) {
    case "go":
      return /^[A-Z]/.test(name);
    case "python":
      return !name.startsWith("_");
    case "rust":
      return node.namedChildren.some((c) => c?.type === "visibility_modifier");
    case "java":
    case "c-sharp":
    case "php":
      return /\bpublic\b/.test(node.text.split("\n")[0] ?? "");
    default:
      return true;
  }
}
