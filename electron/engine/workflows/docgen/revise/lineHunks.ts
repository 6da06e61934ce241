import { diffArrays } from "diff";

/** A changed run of lines between two texts: old lines start..end (1-based, inclusive; end < start for a pure insertion). */
export interface LineHunk {
  start_line: number;
  end_line: number;
  old: string;
  new: string;
}

/** The changed line runs from `before` to `after`, in order. */
export function lineHunks(before: string, after: string): LineHunk[] {
  const hunks: LineHunk[] = [];
  let oldLine = 1;
  let current: { start: number; removed: string[]; added: string[] } | undefined;
  const flush = () => {
    if (current) hunks.push({ start_line: current.start, end_line: current.start + current.removed.length - 1, old: current.removed.join("\n"), new: current.added.join("\n") });
    current = undefined;
  };
  for (const part of diffArrays(before.split("\n"), after.split("\n"))) {
    if (!part.added && !part.removed) {
      flush();
      oldLine += part.value.length;
      continue;
    }
    current ??= { start: oldLine, removed: [], added: [] };
    if (part.removed) {
      current.removed.push(...part.value);
      oldLine += part.value.length;
    } else current.added.push(...part.value);
  }
  flush();
  return hunks;
}
