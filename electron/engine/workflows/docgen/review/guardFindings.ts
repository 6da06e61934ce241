import { findQuote } from "../../../../../shared/text/findQuote.js";
import { isEcho, type EchoReferences } from "./echoTexts.js";
import type { ReviewViolation } from "./validateReviewResult.js";

/** Model findings a guard refused before any revise call, by reason (shown in the timeline). */
export interface IgnoredFindings {
  /** Its excerpt is not in the draft (or it quoted nothing): nothing the revise could point at. */
  quote: number;
  /** Its comment or excerpt copies the prompt's example or the schema's field descriptions. */
  echo: number;
}

/**
 * Keep a model finding only when it quotes the draft and is not an echo. The quote is matched as
 * the paper reader matches citations (findQuote: NFKC, spacing around CJK ignored); the finding
 * moves to the nearest line that holds it, since a weak model's line number drifts but its copied
 * words do not. An excerpt that is one of the references yet really appears in the draft stays
 * (a note may well say "贼好用"), and so may the example's comment with it; any other comment that
 * copies a reference does not.
 */
export function guardFindings(
  findings: readonly ReviewViolation[],
  draft: string,
  references: EchoReferences,
): { kept: ReviewViolation[]; ignored: IgnoredFindings } {
  const lines = draft.split("\n");
  const ignored: IgnoredFindings = { quote: 0, echo: 0 };
  const kept: ReviewViolation[] = [];
  const seen = new Set<string>();
  for (const f of findings) {
    const at = f.excerpt.trim() ? nearestLineWith(lines, f.excerpt, f.line) : null;
    const all = [...references.schema, ...references.example];
    const excerptEcho = isEcho(f.excerpt, all);
    // The example's own case found for real (the draft says "贼好用") may keep the example's comment.
    const exampleCase = at !== null && isEcho(f.excerpt, references.example);
    const commentEcho = isEcho(f.comment, references.schema) || (isEcho(f.comment, references.example) && !exampleCase);
    if (commentEcho || (at === null && excerptEcho)) {
      ignored.echo++;
      continue;
    }
    if (at === null) {
      ignored.quote++;
      continue;
    }
    const key = `${f.rule_id}:${at}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ ...f, line: at });
  }
  return { kept, ignored };
}

/** The 1-based line nearest `line` whose text holds `quote`, or null when no line does. */
function nearestLineWith(lines: readonly string[], quote: string, line: number): number | null {
  let best: number | null = null;
  lines.forEach((text, i) => {
    if (findQuote(text, quote) && (best === null || Math.abs(i + 1 - line) < Math.abs(best - line))) best = i + 1;
  });
  return best;
}
