import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { emit, runStep, summaryOf } from "../../common/nodeRuntime.js";
import { answerOf, formatEvidence, streamText } from "../agentKit.js";
import type { PaperDeps } from "../PaperDeps.js";
import { gateCitations, repoPageChunks } from "../quoteGate.js";
import { reviewSummaryPrompt, reviewSynthesisPrompt } from "../prompts.js";
import type { EvidenceChunkState, PaperState, PaperUpdate } from "../state.js";

/**
 * Literature review over the session's papers, streamed: a three-sentence summary of each paper
 * from its own top passages (citations checked per paper), then a synthesis comparing them that
 * cites `[Pk p.N]` (checked against all passages read).
 */
export function literatureReviewNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "literature_review", agent: "writer", label: "文献综述" }, async () => {
      const { doc_ids, titles, locale } = state.paper_metadata;
      const query = state.user_query || "main contribution method results";
      const all: EvidenceChunkState[] = [];
      const summaries: string[] = [];
      const chunks: string[] = [];
      const refused: string[] = [];
      for (const [index, docId] of doc_ids.entries()) {
        const { hits } = await deps.papers.library.retrieve(query, { docIds: [docId], limit: 4, ...(config.signal ? { signal: config.signal } : {}) });
        const evidence = hits.map((h) => ({ chunk_id: h.id, doc_id: h.doc_id, page: h.page, score: h.score, text: h.text, section: h.section }));
        all.push(...evidence);
        const head = `### P${index + 1} ${titles[index]}\n\n`;
        emit(config, { type: "token", step: "literature_review", text: head });
        chunks.push(head);
        const out = await streamText(deps.llm, config, "literature_review", { ...reviewSummaryPrompt(locale, titles[index] ?? "", formatEvidence(evidence, [docId])), maxTokens: 300 });
        chunks.push(...out.chunks, "\n\n");
        const checked = gateCitations(out.text, evidence, [docId], repoPageChunks(deps.papers.library.repo));
        refused.push(...checked.refused);
        // Per-paper pages become [Pk p.N] so the synthesis and the checks can tell the papers apart.
        summaries.push(`${head}${checked.text.replace(/\[p\.\s*/g, `[P${index + 1} p.`)}`);
      }
      let synthesis = "";
      if (doc_ids.length > 1) {
        const head = locale === "zh" ? "### 综合比较\n\n" : "### Synthesis\n\n";
        emit(config, { type: "token", step: "literature_review", text: head });
        const out = await streamText(deps.llm, config, "literature_review", { ...reviewSynthesisPrompt(locale, summaries), maxTokens: 500 });
        chunks.push(head, ...out.chunks);
        synthesis = `${head}${out.text}`;
      }
      const checked = gateCitations(`${summaries.join("\n\n")}\n\n${synthesis}`.trim(), all, doc_ids, repoPageChunks(deps.papers.library.repo));
      return {
        update: {
          current_agent: "literature_review",
          agent_mode: "streaming",
          stream_chunks: chunks,
          evidence: all,
          agent_response: { ...answerOf({ ...state, evidence: all }, "literature_review", { answer: checked.text, citations: checked.citations }), ...(refused.length + checked.refused.length ? { refused_citations: [...refused, ...checked.refused] } : {}) },
        },
        ...summaryOf("review", { n: doc_ids.length, c: checked.citations.length }, `${doc_ids.length} papers, ${checked.citations.length} citations`),
      };
    });
}
