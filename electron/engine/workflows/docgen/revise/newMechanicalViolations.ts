import { lintMarkdown } from "../../../../../shared/rules/lintMarkdown.js";
import type { TypographyConventions } from "../../../../../shared/rules/TypographyConventions.js";

/**
 * Mechanical violations present after a replacement and not before, keyed by rule and the text of
 * the line they sit on (line numbers shift when a replacement changes the line count).
 */
export function newMechanicalViolations(conventions?: Partial<TypographyConventions>): (before: string, after: string) => string[] {
  return (before, after) => {
    const keys = (text: string) => {
      const lines = text.split("\n");
      const counts = new Map<string, number>();
      for (const v of lintMarkdown(text, conventions).violations) {
        const key = `${v.rule}@${lines[v.line - 1] ?? ""}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    };
    const was = keys(before);
    const now = keys(after);
    const introduced: string[] = [];
    for (const [key, n] of now) {
      if (n > (was.get(key) ?? 0)) introduced.push(key.slice(0, 80));
    }
    return introduced;
  };
}
