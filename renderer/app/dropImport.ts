/** What a dropped file is imported as: one of the shell's kinds, or a feature's (`FeatureEntry.dropTargets`). */
export type DropKind = string;
/** The shell's own kinds: library notes, style guides (the rules collection), models. */
export const SHELL_DROP_KINDS: readonly DropKind[] = ["note", "guide", "model"];

/** One dropped file: its path on disk and the import it gets unless the user picks another. */
export interface DroppedFile {
  /** Where the engine reads it; empty for a browser-mode drop until its upload answers. */
  path: string;
  /** Browser mode: the dropped file itself, uploaded on import (a page cannot see paths). */
  file?: File;
  name: string;
  kind: DropKind;
}

/**
 * Default kind by name: .gguf models, then the first feature kind that claims the name (the paper
 * library's .pdf), style guides by name, everything else notes.
 */
export function guessKind(name: string, featureKinds: ReadonlyArray<{ kind: DropKind; matches(name: string): boolean }> = []): DropKind {
  const lower = name.toLowerCase();
  if (lower.endsWith(".gguf")) return "model";
  const claimed = featureKinds.find((k) => k.matches(name));
  if (claimed) return claimed.kind;
  if (/(guide|style|rules?|规范|指南|风格)[^/\\]*\.(md|markdown|txt)$/.test(lower)) return "guide";
  return "note";
}

/** Local paths of `file://` URIs in a `text/uri-list` (what a file manager drags into a browser). */
export function pathsFromUriList(uriList: string): string[] {
  return uriList
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#") && l.startsWith("file://"))
    .map((l) => {
      const url = new URL(l);
      const p = decodeURIComponent(url.pathname);
      // file:///C:/x → C:/x on Windows.
      return /^\/[A-Za-z]:\//.test(p) ? p.slice(1) : p;
    });
}

/** The file name of a path (either separator). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
