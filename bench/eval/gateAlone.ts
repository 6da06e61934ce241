/**
 * `npx tsx bench/eval/gateAlone.ts [--verbose]`: the paper chat's relevance gate alone (no model,
 * deterministic, a second) on every question of `sets/papers/qa.jsonl`, each paper split into one
 * chunk per paragraph as whole-paper mode hands it over. Reports what the chat would do before any
 * model call: abstain on unanswerable questions, abstain on answerable ones (false abstentions), and
 * whether the best sentence (the one the code-quoted answer cites) is on a correct page.
 */
import { relevantSentences } from "../../electron/engine/workflows/paper/relevantSentences.js";
import type { EvidenceChunkState } from "../../electron/engine/workflows/paper/state.js";
import { loadPapers, loadQaSet } from "./sets.js";

const verbose = process.argv.includes("--verbose");
const papers = new Map(
  loadPapers().map((paper) => [
    paper.id,
    paper.pages.flatMap((page, p) =>
      page
        .split(/\n\s*\n/)
        .filter((part) => part.trim())
        .map((text, i): EvidenceChunkState => ({ chunk_id: `${paper.id}-${p + 1}-${i}`, doc_id: paper.id, page: p + 1, score: 1, text, section: "" })),
    ),
  ]),
);
const tally = { unanswerable: 0, abstainedUnanswerable: 0, answerable: 0, abstainedAnswerable: 0, passed: 0, bestOnPage: 0 };
for (const item of loadQaSet()) {
  const gate = relevantSentences(item.q, papers.get(item.paper)!);
  const best = gate.sentences[0];
  const onPage = Boolean(best && item.pages.includes(best.page));
  if (item.unanswerable) {
    tally.unanswerable++;
    if (!gate.relevant) tally.abstainedUnanswerable++;
  } else {
    tally.answerable++;
    if (!gate.relevant) tally.abstainedAnswerable++;
    else {
      tally.passed++;
      if (onPage) tally.bestOnPage++;
    }
  }
  if (verbose) {
    const verdict = gate.relevant ? (item.unanswerable ? "PASSED (unanswerable)" : onPage ? "ok" : "WRONG PAGE") : item.unanswerable ? "abstained ok" : "ABSTAINED (answerable)";
    process.stdout.write(`${verdict.padEnd(24)} ${item.q}\n    ${best ? `[p.${best.page} ${best.score}] ${best.text.slice(0, 110)}` : "(no sentence)"}\n`);
  }
}
process.stdout.write(
  `abstain on unanswerable ${tally.abstainedUnanswerable}/${tally.unanswerable}; abstain on answerable ${tally.abstainedAnswerable}/${tally.answerable}; ` +
    `best sentence on a correct page ${tally.bestOnPage}/${tally.passed} of the answerable questions the gate passes\n`,
);
