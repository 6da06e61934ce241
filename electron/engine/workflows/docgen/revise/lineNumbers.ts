/** A line as the revise prompt shows it: `0001: text`. */
const NUMBER_PREFIX = /^(?:\d{4}: )+/;

/** Number every line with a 4-digit prefix (`0001: `) so a revise agent can cite exact lines. */
export function numberLines(text: string, from = 1, to?: number): string {
  const lines = text.split("\n");
  const end = Math.min(to ?? lines.length, lines.length);
  const out: string[] = [];
  for (let i = Math.max(1, from); i <= end; i++) out.push(`${String(i).padStart(4, "0")}: ${lines[i - 1]}`);
  return out.join("\n");
}

/** Remove a `dddd: ` prefix from every line (models echo the numbering back into their patches). */
export function stripLineNumbers(text: string): string {
  return text
    .split("\n")
    .map((l) => l.replace(NUMBER_PREFIX, ""))
    .join("\n");
}

/** Whether a line still carries a `dddd: ` prefix. */
export function hasLineNumber(line: string): boolean {
  return NUMBER_PREFIX.test(line);
}

/** Whitespace-normalised form used to compare a patch's `old_text` with the lines it claims to replace. */
export function normaliseForMatch(text: string): string {
  return stripLineNumbers(text).replace(/\s+/g, " ").trim();
}
