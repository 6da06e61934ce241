import type { TypographyConventions } from "../TypographyConventions.js";
import { contentChecks } from "./contentChecks.js";
import type { Finding } from "./Finding.js";
import { namingChecks } from "./namingChecks.js";
import { numberChecks } from "./numberChecks.js";
import { pairChecks } from "./pairChecks.js";
import { parseMarkdown } from "./parseMarkdown.js";
import { proseBlocks } from "./proseBlocks.js";
import { punctuationChecks } from "./punctuationChecks.js";
import { sourceMasks } from "./sourceMasks.js";
import { spacingChecks } from "./spacingChecks.js";
import { structureChecks } from "./structureChecks.js";

/** Every mechanical rule that has a checker, in guide order. */
export const CHECKED_RULES = [
  "1.1", "1.2", "1.3", "1.4", "1.5",
  "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "2.10", "2.11", "2.12",
  "3.1", "3.2", "3.3", "4.3", "5.1", "5.2", "5.5", "6.1", "6.4", "6.5",
] as const;

/** Documents analysed lately, by conventions and text: a docgen review runs every module's checks on one draft. */
const recent = new Map<string, readonly Finding[]>();
const RECENT_MAX = 8;

/**
 * Run all checks on one document; findings are in source order. The result of the last few
 * (text, conventions) pairs is kept, so the six module reviews of a draft — and the fixer's
 * re-check after a fix that changed nothing — parse it once instead of once per module.
 */
export function analyzeMarkdown(text: string, conv: TypographyConventions): Finding[] {
  const key = `${JSON.stringify(conv)}\u0000${text}`;
  let findings = recent.get(key);
  if (findings) {
    recent.delete(key);
  } else {
    findings = analyzeOnce(text, conv);
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  }
  recent.set(key, findings);
  // A copy: callers filter and sort the list; the findings themselves are never changed.
  return findings.slice();
}

function analyzeOnce(text: string, conv: TypographyConventions): Finding[] {
  const tree = parseMarkdown(text);
  const mask = sourceMasks(text, tree);
  const blocks = proseBlocks(text, tree, mask);
  const out: Finding[] = [];
  structureChecks(text, tree, blocks, mask, out);
  for (const block of blocks) {
    spacingChecks(block, conv, out);
    punctuationChecks(block, conv, out);
    pairChecks(block, conv, out);
    numberChecks(block, conv, out);
  }
  namingChecks(tree, blocks, out);
  contentChecks(blocks, out);
  return out.sort((a, b) => a.offset - b.offset);
}
