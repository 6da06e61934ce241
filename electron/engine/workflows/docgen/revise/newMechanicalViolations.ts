import { lintMarkdown } from "../../../../../shared/rules/lintMarkdown.js";
import type { TypographyConventions } from "../../../../../shared/rules/TypographyConventions.js";
import { lintIndexOf } from "../review/ModuleFindings.js";

/**
 * Mechanical violations present after a replacement and not before, keyed by rule and the text of
 * the line they sit on (line numbers shift when a replacement changes the line count). The "before"
 * is the lint index the review took of the same draft, so the draft is not linted again per candidate.
 */
export function newMechanicalViolations(before: Readonly<Record<string, number>>, conventions?: Partial<TypographyConventions>): (after: string) => string[] {
  return (after) => {
    const now = lintIndexOf(after, lintMarkdown(after, conventions).violations);
    const introduced: string[] = [];
    for (const [key, n] of Object.entries(now)) {
      if (n > (before[key] ?? 0)) introduced.push(key.slice(0, 80));
    }
    return introduced;
  };
}
