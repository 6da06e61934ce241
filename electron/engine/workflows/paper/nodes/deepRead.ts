import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { checkClaims, type ClaimVerdict } from "../../common/checkClaims.js";
import { llmClaimJudge } from "../library/llmClaimJudge.js";
import { splitSentences } from "../../common/claimText.js";
import { emit, runStep, summaryOf } from "../../common/nodeRuntime.js";
import { answerOf, failedText, formatEvidence, streamText, tryStructured } from "../agentKit.js";
import type { PaperDeps } from "../PaperDeps.js";
import { gateCitations, repoPageChunks } from "../quoteGate.js";
import { deepReadAnswer } from "../deepReadAnswer.js";
import { instructionEchoChecker } from "../../common/instructionEcho.js";
import { echoCanaries, isEcho, stringLeaves, withoutEchoes } from "../../common/echoGuard.js";
import { analysisPrompt, deepExtractionPrompt, STAGE_EXAMPLES, synthesisPrompt } from "../prompts.js";
import { AnalysisSchema, DeepExtractionSchema } from "../schemas.js";
import type { EvidenceChunkState, PaperState, PaperUpdate } from "../state.js";

/** What a deep read reads beyond the question's passages: the paper's core, by retrieval. */
const CORE_QUERY = "problem method approach datasets experiments results conclusion limitations";

/**
 * Bounded inputs and outputs per stage. Passages: what all three stages read (the shared prompt
 * prefix). Stage texts handed on are cut at STAGE_CHARS. Token budgets fit the longest answer the
 * stage's schema allows (schemas.ts); structured stages get one retry at most.
 */
export const DEEP_READ_BOUNDS = {
  passageChars: 3500,
  stageChars: 1500,
  extractionTokens: 560,
  analysisTokens: 480,
  synthesisTokens: 480,
  attempts: 2,
} as const;

function bounded(text: string): string {
  return text.length > DEEP_READ_BOUNDS.stageChars ? `${text.slice(0, DEEP_READ_BOUNDS.stageChars)}…` : text;
}

/** Stage 1, blocking: problem, method, datasets and key results (each with a page). */
export function extractionNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "extraction", agent: "researcher", label: "深度阅读 · 提取" }, async () => {
      const { doc_ids, titles } = state.paper_metadata;
      const { hits } = await deps.papers.library.retrieve(CORE_QUERY, { docIds: doc_ids, limit: 8, ...(config.signal ? { signal: config.signal } : {}) });
      // Deep read keeps its bounded passages: the whole paper (loaded for the other agents) is not its input.
      const evidence: EvidenceChunkState[] = state.context_mode === "whole_paper" ? [] : [...state.evidence];
      for (const h of hits)
        if (!evidence.some((e) => e.chunk_id === h.id))
          evidence.push({ chunk_id: h.id, doc_id: h.doc_id, page: h.page, score: h.score, text: h.text, section: h.section });
      const passages = formatEvidence(evidence, doc_ids, DEEP_READ_BOUNDS.passageChars);
      const result = await tryStructured(deps.llm, config, {
        ...deepExtractionPrompt(state.paper_metadata.locale, titles.join(" / "), passages),
        schema: DeepExtractionSchema,
        tag: { role: "paper", step: "extraction" },
        maxTokens: DEEP_READ_BOUNDS.extractionTokens,
        maxAttempts: DEEP_READ_BOUNDS.attempts,
      });
      // A failed stage is stated as such; the next stages still read the passages. Echoes of the example are dropped.
      const value = result.value ? withoutStageEchoes(result.value, "extraction", passages) : { problem: failedText(state.paper_metadata.locale, result.error ?? ""), method: "", datasets: [], key_results: [] };
      const text = [
        `Problem: ${value.problem}`,
        `Method: ${value.method}`,
        `Datasets: ${value.datasets.join(", ") || "—"}`,
        ...value.key_results.map((r) => `- ${r.result} [p.${r.page}]`),
      ].join("\n");
      const extraction = gateCitations(text, evidence, doc_ids, repoPageChunks(deps.papers.library.repo)).text;
      emit(config, { type: "deep_read_stage", stage: "extraction", text: extraction, iteration: 0 });
      return {
        update: { evidence, paper_text: passages, context_mode: "retrieval", current_agent: "deep_read", agent_mode: "blocking", halluc_iteration: 0, hallucination_check: "", accumulated_results: { extraction, analysis: "", synthesis: "" } },
        ...summaryOf("keyResults", { n: value.key_results.length }, `${value.key_results.length} key results`),
      };
    });
}

/** Stage 2, blocking: strengths, weaknesses and novelty, reading stage 1. */
export function analysisNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "analysis", agent: "editor", label: "深度阅读 · 分析" }, async () => {
      const { doc_ids, titles } = state.paper_metadata;
      const result = await tryStructured(deps.llm, config, {
        ...analysisPrompt(state.paper_metadata.locale, titles.join(" / "), bounded(state.accumulated_results.extraction), state.paper_text),
        schema: AnalysisSchema,
        tag: { role: "paper", step: "analysis" },
        maxTokens: DEEP_READ_BOUNDS.analysisTokens,
        maxAttempts: DEEP_READ_BOUNDS.attempts,
      });
      const value = result.value ? withoutStageEchoes(result.value, "analysis", state.paper_text) : { strengths: [], weaknesses: [], novelty: failedText(state.paper_metadata.locale, result.error ?? "") };
      const text = [
        "Strengths:",
        ...value.strengths.map((s) => `- ${s.point} [p.${s.page}]`),
        "Weaknesses:",
        ...value.weaknesses.map((w) => `- ${w.point} [p.${w.page}]`),
        `Novelty: ${value.novelty}`,
      ].join("\n");
      const analysis = gateCitations(text, state.evidence, doc_ids, repoPageChunks(deps.papers.library.repo)).text;
      emit(config, { type: "deep_read_stage", stage: "analysis", text: analysis, iteration: 0 });
      return { update: { accumulated_results: { ...state.accumulated_results, analysis } }, ...summaryOf("analysis", { s: value.strengths.length, w: value.weaknesses.length }, `${value.strengths.length} strengths, ${value.weaknesses.length} weaknesses`) };
    });
}

/** Stage 3, streamed: the synthesis, reading stages 1 and 2; a retry lists the unsupported claims. */
export function synthesisNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "synthesis", agent: "writer", label: state.halluc_iteration > 0 ? `深度阅读 · 综合（重写 ${state.halluc_iteration}）` : "深度阅读 · 综合", labelText: { key: state.halluc_iteration > 0 ? "synthesisRewrite" : "synthesis", params: { n: state.halluc_iteration } } }, async () => {
      const { doc_ids, titles, locale } = state.paper_metadata;
      const unsupported = state.halluc_iteration > 0 ? (state.agent_response?.claims ?? []).filter((c) => c.label === "unsupported").map((c) => c.claim) : [];
      const extraction = bounded(state.accumulated_results.extraction);
      const analysis = bounded(state.accumulated_results.analysis);
      const prompt = synthesisPrompt({ title: titles.join(" / "), extraction, analysis, passages: state.paper_text, unsupported, locale });
      const { text, chunks } = await streamText(deps.llm, config, "synthesis", { ...prompt, maxTokens: DEEP_READ_BOUNDS.synthesisTokens });
      // Sentences restating the prompt's own instructions are no synthesis: dropped before the check spends judge calls on them.
      const echoes = instructionEchoChecker(`${prompt.system}\n${prompt.prompt}`, [titles.join(" "), state.paper_text, extraction, analysis].join("\n"));
      const sentences = splitSentences(text);
      const echoed = sentences.filter(echoes);
      const own = echoed.length ? sentences.filter((s) => !echoes(s)).join(locale === "zh" ? "" : " ") : text;
      const synthesis = gateCitations(own, state.evidence, doc_ids, repoPageChunks(deps.papers.library.repo)).text;
      emit(config, { type: "deep_read_stage", stage: "synthesis", text: synthesis, iteration: state.halluc_iteration });
      const summary = summaryOf("synthesis", { n: [...synthesis].length }, `${[...synthesis].length} characters`);
      return {
        update: { stream_chunks: chunks, agent_mode: "streaming", accumulated_results: { ...state.accumulated_results, synthesis } },
        ...(echoed.length
          ? { summary: `${summary.summary}; ${echoed.length} sentences restating the prompt dropped`, summaryText: { ...summary.summaryText, notes: [{ key: "echoesDropped", params: { n: echoed.length } }] } }
          : summary),
      };
    });
}

/** Sentences of a synthesis worth checking, with the chunks of the pages each one cites. */
export function claimsOfSynthesis(synthesis: string, evidence: EvidenceChunkState[]): Array<{ id: string; claim: string; cited: string[]; sentence: string }> {
  return splitSentences(synthesis)
    .filter((sentence) => !/^#/.test(sentence) && !/[?？]$/.test(sentence) && sentence.replace(/\[[^\]]*\]/g, "").replace(/\s/g, "").length >= 6)
    .map((sentence, index) => {
      const pages = [...sentence.matchAll(/p\.\s*(\d{1,4})/g)].map((m) => Number(m[1]));
      const cited = evidence.filter((e) => pages.includes(e.page)).map((e) => e.chunk_id);
      return { id: `c${index + 1}`, claim: sentence.replace(/\s*\[(?:P\d+\s+)?p\.[^\]]*\]/g, "").trim(), cited, sentence };
    });
}

/**
 * The hallucination check: every synthesis sentence against its cited chunks (deterministic first,
 * the grammar judge in the grey zone). Unsupported claims send the synthesis back while
 * `halluc_iteration < max_halluc_iterations` and each rewrite supports more sentences than the one
 * before; then it passes, showing only the supported sentences (deepReadAnswer).
 */
export function hallucinationCheckNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "hallucination_check", agent: "editor", label: "幻觉检查" }, async () => {
      const { locale } = state.paper_metadata;
      const synthesis = state.accumulated_results.synthesis;
      const evidence = state.evidence.map((e) => ({ chunk_id: e.chunk_id, page: e.page, text: e.text }));
      const judge = llmClaimJudge(deps.llm);
      const claims = claimsOfSynthesis(synthesis, state.evidence);
      // Deterministic checks first for every claim; only grey-zone claims reach the judge, as many at once as the pool has sequences.
      const verdicts: ClaimVerdict[] = await checkClaims(claims, evidence, {
        judge,
        concurrency: deps.settings().sequences,
        ...(config.signal ? { signal: config.signal } : {}),
      });
      const failing = verdicts.filter((v) => v.label === "unsupported");
      // A rewrite that supports no more sentences than the one before has stalled: another would cost
      // a synthesis (minutes on a weak local model) for the same verdicts, as docgen's stalled revise does.
      const supportedBefore = state.halluc_iteration > 0 ? (state.agent_response?.claims ?? []).filter((c) => c.label === "supported").length : -1;
      const stalled = verdicts.length - failing.length <= supportedBefore;
      const retry = failing.length > 0 && state.halluc_iteration < state.max_halluc_iterations && !stalled;
      const decision = retry ? "retry" : "pass";
      const publicClaims = verdicts.map(({ id, claim, label, evidence: ev, reason }) => ({ id, claim, label, evidence: ev, reason }));
      emit(config, { type: "claims_checked", iteration: state.halluc_iteration, claims: publicClaims, decision });
      // On pass, only supported sentences are shown (cite or abstain); the claims list keeps the others, labelled.
      const { doc_ids: docIds, titles } = state.paper_metadata;
      const shown = deepReadAnswer({ sentences: claims, verdicts, evidence: state.evidence, docIds, titles, locale });
      const checked = gateCitations(retry ? synthesis : shown.text, state.evidence, state.paper_metadata.doc_ids, repoPageChunks(deps.papers.library.repo));
      const response = answerOf(state, "deep_read", {
        answer: checked.text,
        citations: checked.citations,
        stages: state.accumulated_results,
        claims: publicClaims,
        halluc_iteration: state.halluc_iteration,
      });
      return {
        update: { hallucination_check: decision, halluc_iteration: retry ? state.halluc_iteration + 1 : state.halluc_iteration, agent_response: response, current_agent: "hallucination_check", agent_mode: "blocking" },
        ...summaryOf(
          retry ? "checkRetry" : shown.abstained ? "checkNoneShown" : failing.length ? "checkDropped" : "checkPassed",
          { ok: verdicts.length - failing.length, n: verdicts.length, dropped: failing.length, rewrites: state.halluc_iteration },
          `${verdicts.length - failing.length}/${verdicts.length} supported → ${decision}${!retry && failing.length ? ` (${failing.length} unsupported after ${state.halluc_iteration} rewrites left out${stalled ? ", the last rewrite gained nothing" : ""}${shown.abstained ? "; the closest passages shown instead" : ""})` : ""}`,
        ),
      };
    });
}

/** At least two letters (any script): text that says something. */
function hasWords(text: string): boolean {
  return (text.match(/\p{L}/gu) ?? []).length >= 2;
}

/**
 * A stage's value with what echoes its prompt example or schema descriptions (and is not in the
 * passages) taken out: list items dropped, a single field emptied. List items without words go too.
 */
export function withoutStageEchoes<T extends Record<string, unknown>>(value: T, stage: keyof typeof STAGE_EXAMPLES, passages: string): T {
  const canaries = echoCanaries({ example: STAGE_EXAMPLES[stage], schema: stage === "extraction" ? DeepExtractionSchema : AnalysisSchema });
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === "string") out[key] = isEcho(field, canaries, passages) ? "" : field;
    // An item with no words (": 160,") says nothing: dropped with the echoes.
    else if (Array.isArray(field)) out[key] = withoutEchoes(field, (item) => stringLeaves(item), canaries, passages).kept.filter((item) => hasWords(stringLeaves(item).join(" ")));
    else out[key] = field;
  }
  return out as T;
}
