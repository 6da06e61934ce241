import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { structuralEvidence, structuralQuestion } from "../library/structureQuery.js";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import { formatEvidence, historyText } from "../agentKit.js";
import type { PaperDeps } from "../PaperDeps.js";
import { wholePaperContext } from "../wholePaper.js";
import type { EvidenceChunkState, PaperState, PaperUpdate } from "../state.js";

/** Passages per question: few and short, for small models. */
const EVIDENCE_LIMIT = 6;

/**
 * Finds what the agents read for the current question: the structural index for page, count and
 * "Table 2" questions (first paper), otherwise hybrid retrieval limited to the session's papers
 * (the selected text joins the query). Sets `paper_text` and `evidence`.
 */
export function loadContextNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "retrieve", agent: "researcher", label: "检索论文片段" }, async () => {
      const { doc_ids, locale } = state.paper_metadata;
      // Every answer names the parsed titles; reading them also fails fast on an unknown doc_id.
      const titles = doc_ids.map((id) => deps.papers.library.get(id).title);
      const question = state.user_query || state.selected_text;
      const structural = state.user_query ? structuralQuestion(state.user_query) : null;
      let evidence: EvidenceChunkState[] = [];
      let how = "retrieval";
      if (structural) {
        const found = structuralEvidence(deps.papers.library.repo, doc_ids[0]!, structural, locale);
        evidence = found.chunks.map((c, i) => ({ chunk_id: c.id, doc_id: c.doc_id, page: c.page, score: 1 - i * 0.01, text: c.text, section: c.section, found_by: ["structure" as const] }));
        how = `structure:${structural.kind}`;
      }
      let contextMode: "whole_paper" | "retrieval" = "retrieval";
      let paperText: string | undefined;
      // Whole-paper mode, unless the index found what a structural question is about ("Table 2", page 3).
      if (evidence.length === 0 && question && !(structural && structural.kind !== "item")) {
        const asked = [state.user_query, state.selected_text, historyText(state)].join("\n");
        const whole = await wholePaperContext(deps.llm, doc_ids.map((docId) => ({ docId, chunks: deps.papers.library.repo.chunks(docId) })), asked);
        if (whole.fits) {
          evidence = whole.paper.evidence;
          paperText = whole.paper.text;
          contextMode = "whole_paper";
          how = `whole paper, ${whole.paper.tokens}/${whole.paper.budget} tokens`;
        } else if (evidence.length === 0) how = `retrieval (paper ${whole.tokens} tokens > budget ${whole.budget})`;
      }
      if (evidence.length === 0 && question && !(structural && structural.kind !== "item")) {
        const query = state.selected_text && state.user_query ? `${state.user_query} ${state.selected_text.slice(0, 300)}` : question;
        const limit = doc_ids.length > 1 ? Math.max(EVIDENCE_LIMIT, doc_ids.length * 3) : EVIDENCE_LIMIT;
        const { hits } = await deps.papers.library.retrieve(query, { docIds: doc_ids, limit, ...(config.signal ? { signal: config.signal } : {}) });
        evidence = hits.map((h) => ({
          chunk_id: h.id,
          doc_id: h.doc_id,
          page: h.page,
          score: h.score,
          text: h.text,
          section: h.section,
          ...(h.retrievers ? { found_by: h.retrievers } : {}),
        }));
      }
      // A passage from a scanned page says so: its citation is marked as OCR'd text, with the page's confidence.
      const ocr = new Map(doc_ids.map((id) => [id, deps.papers.library.repo.ocrPages(id)]));
      evidence = evidence.map((e) => {
        const confidence = ocr.get(e.doc_id)?.get(e.page);
        return confidence === undefined ? e : { ...e, ocr: true, ocr_confidence: confidence };
      });
      return {
        update: {
          evidence,
          paper_text: paperText ?? formatEvidence(evidence, doc_ids),
          context_mode: contextMode,
          paper_metadata: { ...state.paper_metadata, titles },
        },
        ...summaryOf(contextMode === "whole_paper" ? "contextWhole" : "context", { n: evidence.length }, `${evidence.length} passages (${how})`),
      };
    });
}
