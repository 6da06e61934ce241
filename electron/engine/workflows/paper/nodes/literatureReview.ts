import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { emit, runStep, say, summaryOf } from "../../common/nodeRuntime.js";
import { answerOf, formatEvidence, streamText } from "../agentKit.js";
import { answerProseFault, type ProseFaultReason } from "../answerProseFault.js";
import type { PaperDeps } from "../PaperDeps.js";
import { gateCitations, repoPageChunks } from "../quoteGate.js";
import { reviewSummaryPrompt, reviewSynthesisPrompt } from "../prompts.js";
import { reviewFallback } from "../reviewFallback.js";
import type { EvidenceChunkState, PaperState, PaperUpdate } from "../state.js";

/** Why a model's part of the review was not shown: its prose failed the guard, it looped, or no citation held. */
type ReviewFault = ProseFaultReason | "uncited";

/**
 * Literature review over the session's papers: a three-sentence summary of each paper from its own
 * top passages, then a synthesis comparing them that cites `[Pk p.N]`. Nothing the model writes is
 * streamed before it is checked — loop, echo of the prompt, language, sentences grounded in the
 * passages, at least one citation that passes the quote gate (cite or abstain). A summary that fails
 * is replaced by the paper's best passages quoted by code; a synthesis that fails is left out with a
 * note. The summary line says how many parts a guard replaced.
 */
export function literatureReviewNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "literature_review", agent: "writer", label: "文献综述" }, async () => {
      const { doc_ids, titles, locale } = state.paper_metadata;
      const query = state.user_query || "main contribution method results";
      const pageChunks = repoPageChunks(deps.papers.library.repo);
      const all: EvidenceChunkState[] = [];
      const summaries: string[] = [];
      const chunks: string[] = [];
      const refused: string[] = [];
      const faults: ReviewFault[] = [];
      const show = (text: string) => {
        emit(config, { type: "token", step: "literature_review", text });
        chunks.push(text);
      };
      /** The model's text checked: null when it may be shown, else why not. */
      const faultOf = (usable: boolean, gated: { text: string; citations: unknown[] }, shown: string[], grounding: string): ReviewFault | null => {
        if (!usable) return "loop";
        const prose = answerProseFault(gated.text, { locale, shown, grounding });
        if (prose) return prose.reason;
        return gated.citations.length === 0 ? "uncited" : null;
      };
      for (const [index, docId] of doc_ids.entries()) {
        const { hits } = await deps.papers.library.retrieve(query, { docIds: [docId], limit: 4, ...(config.signal ? { signal: config.signal } : {}) });
        const evidence = hits.map((h) => ({ chunk_id: h.id, doc_id: h.doc_id, page: h.page, score: h.score, text: h.text, section: h.section }));
        all.push(...evidence);
        const head = `### P${index + 1} ${titles[index]}\n\n`;
        const prompt = reviewSummaryPrompt(locale, titles[index] ?? "", formatEvidence(evidence, [docId]));
        const out = await streamText(deps.llm, config, "literature_review", { ...prompt, maxTokens: 300, streamTokens: false });
        const checked = gateCitations(out.text, evidence, [docId], pageChunks);
        refused.push(...checked.refused);
        const template = reviewSummaryPrompt(locale, "", "");
        const fault = faultOf(out.usable, checked, [template.system, template.prompt], [titles[index] ?? "", query, ...evidence.map((e) => e.text)].join("\n"));
        if (fault) faults.push(fault);
        const text = fault ? reviewFallback(locale, evidence) : checked.text;
        show(`${index > 0 ? "\n\n" : ""}${head}${text}`);
        // Per-paper pages become [Pk p.N] so the synthesis and the checks can tell the papers apart.
        summaries.push(`${head}${text.replace(/\[p\.\s*/g, `[P${index + 1} p.`)}`);
      }
      let synthesis = "";
      if (doc_ids.length > 1) {
        const head = say(locale, "### 综合比较\n\n", "### Synthesis\n\n");
        const out = await streamText(deps.llm, config, "literature_review", { ...reviewSynthesisPrompt(locale, summaries), maxTokens: 500, streamTokens: false });
        const checked = gateCitations(out.text, all, doc_ids, pageChunks);
        const template = reviewSynthesisPrompt(locale, []);
        const fault = faultOf(out.usable, checked, [template.system, template.prompt], [query, ...summaries, ...all.map((e) => e.text)].join("\n"));
        if (fault) faults.push(fault);
        const note = say(locale, "模型写出的综合比较未通过检查，不予展示；请参阅上面各篇的概括。", "The model's comparison failed the checks and is not shown; see each paper's summary above.");
        synthesis = `${head}${fault ? note : checked.text}`;
        show(`\n\n${synthesis}`);
      }
      const checked = gateCitations(`${summaries.join("\n\n")}\n\n${synthesis}`.trim(), all, doc_ids, pageChunks);
      const guarded = faults.length ? `; ${faults.length} part(s) failed the checks (${faults.join(", ")}) and were replaced by the passages` : "";
      return {
        update: {
          current_agent: "literature_review",
          agent_mode: "streaming",
          stream_chunks: chunks,
          evidence: all,
          agent_response: { ...answerOf({ ...state, evidence: all }, "literature_review", { answer: checked.text, citations: checked.citations }), ...(refused.length + checked.refused.length ? { refused_citations: [...refused, ...checked.refused] } : {}) },
        },
        ...(faults.length
          ? summaryOf("reviewGuarded", { n: doc_ids.length, c: checked.citations.length, replaced: faults.length }, `${doc_ids.length} papers, ${checked.citations.length} citations${guarded}`)
          : summaryOf("review", { n: doc_ids.length, c: checked.citations.length }, `${doc_ids.length} papers, ${checked.citations.length} citations`)),
      };
    });
}
