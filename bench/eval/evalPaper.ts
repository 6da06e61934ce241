import type { PaperAnswer } from "../../shared/workflows/paper.js";
import type { EvalEngine } from "./evalEngine.js";
import { runSession } from "./evalEngine.js";
import { abstains, citedPagePrecision, citedPages, keywordHitRate } from "./metrics/answers.js";
import { binaryScores } from "./metrics/binary.js";
import { checkClaims } from "../../electron/engine/workflows/common/checkClaims.js";
import { llmClaimJudge } from "../../electron/engine/workflows/paper/library/llmClaimJudge.js";
import { paperText, type ClaimItem, type ClaimPair, type EvalPaper, type QaItem } from "./sets.js";
import { mean, pick, type EvalContext, type EvalSection } from "./types.js";

interface Scored {
  hit: number;
  precision: number;
  abstained: boolean;
  unanswerable: boolean;
}

function score(item: QaItem, answer: string, cited: number[]): Scored {
  return {
    hit: item.unanswerable ? Number.NaN : keywordHitRate(answer, item.keywords),
    precision: item.unanswerable ? Number.NaN : citedPagePrecision(cited, item.pages),
    abstained: abstains(answer),
    unanswerable: Boolean(item.unanswerable),
  };
}

function summary(scored: Scored[]) {
  const abst = binaryScores(scored.map((s) => ({ predicted: s.abstained, actual: s.unanswerable })));
  return { hit: mean(scored.map((s) => s.hit)), precision: mean(scored.map((s) => s.precision)), abstainP: abst.precision, abstainR: abst.recall };
}

/**
 * Paper QA: each question in a one-question paper session with the chat agent (forced, so the
 * router's misses are scored in the router section, not twice), the answer's checked citations
 * as its cited pages. Baseline: one call with the paper's text (page-tagged) truncated to the
 * context, asked to answer and cite [p.N], through the same LlmClient.
 */
export async function evalPaperQa(ctx: EvalContext, ee: EvalEngine, papers: EvalPaper[], docIds: Record<string, string>, set: QaItem[]): Promise<EvalSection> {
  const answerable = set.filter((q) => !q.unanswerable);
  const unanswerable = set.filter((q) => q.unanswerable);
  const share = ctx.items !== undefined ? Math.max(1, Math.round(ctx.items / 4)) : 2;
  const items = [
    ...pick(ctx.items !== undefined ? { ...ctx, items: ctx.items - share } : ctx, answerable, 6, (q) => q.paper),
    ...pick(ctx.items !== undefined ? { ...ctx, items: share } : ctx, unanswerable, 2, (q) => q.paper),
  ];
  const method: Scored[] = [];
  const baseline: Scored[] = [];
  // The quote gate on the real model: citations kept (quote found in the cited chunk) vs refused.
  let kept = 0;
  let refused = 0;
  // Characters of paper the baseline may send: the context less room for the answer, ~3 chars a token (zh ~1.3).
  for (const [n, item] of items.entries()) {
    const paper = papers.find((p) => p.id === item.paper)!;
    const { sessionId } = await ee.engine.call("run.start", { workflow: "paper", input: { doc_id: docIds[item.paper]!, user_query: item.q, forced_intent: "chat", single_question: true, locale: paper.locale } });
    const { events, outcome } = await runSession(ee.engine, sessionId, { deadlineMs: 180_000 });
    const found = events.filter((e) => e.type === "paper_answer").at(-1) as unknown as { answer: PaperAnswer } | undefined;
    const answer = found?.answer.answer ?? "";
    kept += found?.answer.citations.length ?? 0;
    refused += found?.answer.refused_citations?.length ?? 0;
    method.push(score(item, answer, [...new Set((found?.answer.citations ?? []).map((c) => c.page))]));
    const budget = Math.floor((ctx.contextSize - 700) * (paper.locale === "zh" ? 1.2 : 3));
    const reply = await ee.llm.generateText({
      system: paper.locale === "zh" ? "根据论文回答问题，并用 [p.页码] 标注出处。" : "Answer the question from this paper and cite pages as [p.N].",
      prompt: `${paperText(paper).slice(0, budget)}\n\n${paper.locale === "zh" ? "问题" : "Question"}: ${item.q}`,
      temperature: 0.2,
      maxTokens: 300,
      maxContinuations: 0,
    });
    baseline.push(score(item, reply.text, citedPages(reply.text)));
    ctx.log(`qa ${n + 1}/${items.length} (${outcome}): method ${JSON.stringify(answer.slice(0, 80))} | baseline ${JSON.stringify(reply.text.slice(0, 80))}`);
  }
  const m = summary(method);
  const b = summary(baseline);
  return {
    metrics: {
      "paper.qa_keyword_hit_rate": m.hit,
      "paper.qa_cited_page_precision": m.precision,
      "paper.qa_abstention_precision": m.abstainP,
      "paper.qa_abstention_recall": m.abstainR,
      "paper.qa_questions": items.length,
      // Share of the model's citations whose quote the gate found in the cited passage (NaN: none cited).
      "paper.quote_gate_pass_share": kept + refused ? kept / (kept + refused) : Number.NaN,
    },
    compare: [
      { workflow: "paper QA", metric: "answer-keyword hit rate", method: m.hit, baseline: b.hit, higherIsBetter: true },
      { workflow: "paper QA", metric: "cited-page precision", method: m.precision, baseline: b.precision, higherIsBetter: true },
      { workflow: "paper QA", metric: "abstention precision", method: m.abstainP, baseline: b.abstainP, higherIsBetter: true },
      { workflow: "paper QA", metric: "abstention recall", method: m.abstainR, baseline: b.abstainR, higherIsBetter: true },
    ],
    notes: [`paper QA: quote gate kept ${kept} of ${kept + refused} citations the model wrote`, `paper QA: ${items.length} questions (${items.filter((i) => i.unanswerable).length} unanswerable) over ${papers.length} papers; cited-page precision averages over answers that cite a page`],
  };
}

/**
 * The claim checker (`paper.checkClaims`) on the labelled claims of each paper: unsupported P/R
 * with the model judge for the grey zone and with `judge: none` (deterministic only).
 */
export async function evalClaims(
  ctx: EvalContext,
  ee: EvalEngine,
  docIds: Record<string, string>,
  set: ClaimItem[],
  { file, pairs }: { file: string; pairs: ClaimPair[] },
): Promise<EvalSection> {
  const results: Record<"llm" | "none", Array<{ predicted: boolean; actual: boolean }>> = { llm: [], none: [] };
  for (const judge of ["none", "llm"] as const) {
    for (const [paper, docId] of Object.entries(docIds)) {
      const claims = set.filter((c) => c.paper === paper);
      const { results: verdicts } = await ee.engine.call("paper.checkClaims", { doc_id: docId, claims: claims.map((c) => ({ id: c.id, claim: c.claim })), judge });
      const label = new Map(verdicts.map((v) => [v.id, v.label]));
      for (const c of claims) results[judge].push({ predicted: label.get(c.id) === "unsupported", actual: c.label === "unsupported" });
    }
    ctx.log(`claims judged (${judge})`);
  }
  // The second set: each claim against its own passage, the checker called directly with the engine's model as judge.
  const held: Record<"llm" | "none", Array<{ predicted: boolean; actual: boolean }>> = { llm: [], none: [] };
  for (const judge of ["none", "llm"] as const) {
    const options = judge === "llm" ? { judge: llmClaimJudge(ee.llm) } : {};
    for (const pair of pairs) {
      const [verdict] = await checkClaims([{ id: pair.id, claim: pair.claim }], [{ chunk_id: pair.passage_id, page: 1, text: pair.passage }], options);
      held[judge].push({ predicted: verdict!.label === "unsupported", actual: pair.label === "unsupported" });
    }
    ctx.log(`claim pairs judged (${judge})`);
  }
  const llm = binaryScores(results.llm);
  const none = binaryScores(results.none);
  const pairsLlm = binaryScores(held.llm);
  const pairsNone = binaryScores(held.none);
  return {
    metrics: {
      "paper.claims_unsupported_precision_llm": llm.precision,
      "paper.claims_unsupported_recall_llm": llm.recall,
      "paper.claims_unsupported_precision_none": none.precision,
      "paper.claims_unsupported_recall_none": none.recall,
      "claims.pairs_unsupported_precision_llm": pairsLlm.precision,
      "claims.pairs_unsupported_recall_llm": pairsLlm.recall,
      "claims.pairs_unsupported_precision_none": pairsNone.precision,
      "claims.pairs_unsupported_recall_none": pairsNone.recall,
    },
    compare: [
      { workflow: "claims (judge llm vs none)", metric: "unsupported precision", method: llm.precision, baseline: none.precision, higherIsBetter: true },
      { workflow: "claims (judge llm vs none)", metric: "unsupported recall", method: llm.recall, baseline: none.recall, higherIsBetter: true },
      { workflow: "claim pairs (judge llm vs none)", metric: "unsupported precision", method: pairsLlm.precision, baseline: pairsNone.precision, higherIsBetter: true },
      { workflow: "claim pairs (judge llm vs none)", metric: "unsupported recall", method: pairsLlm.recall, baseline: pairsNone.recall, higherIsBetter: true },
    ],
    notes: [
      `claims: ${set.length} labelled; judge llm tp ${llm.tp} fp ${llm.fp} fn ${llm.fn}; judge none tp ${none.tp} fp ${none.fp} fn ${none.fn}`,
      `claim pairs (${file}${file === "claims-pairs.jsonl" ? ", held out, never tuned on" : ""}): ${pairs.length}; judge llm tp ${pairsLlm.tp} fp ${pairsLlm.fp} fn ${pairsLlm.fn}; judge none tp ${pairsNone.tp} fp ${pairsNone.fp} fn ${pairsNone.fn}`,
    ],
  };
}
