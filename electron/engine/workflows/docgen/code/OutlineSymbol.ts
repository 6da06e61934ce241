/** One symbol of a file outline; lines are 1-based and inclusive. */
export interface OutlineSymbol {
  kind: string;
  name: string;
  startLine: number;
  endLine: number;
  /** Exported / public at module level (TS `export`, Go capitalised, Python no leading `_`, Rust `pub`). */
  exported: boolean;
  /** Nesting depth: 0 top level, 1 a member of a class or impl. */
  depth: number;
}

/** How the outline was produced, reported to the agent so it knows how much to trust it. */
export type OutlineParser = "typescript" | "tree-sitter" | "regex";
