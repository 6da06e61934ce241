import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { structuralEvidence, structuralQuestion } from "../library/structureQuery.js";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import { ABSTAIN, answerOf, historyText, isAbstention, streamText, type PaperGraphServices } from "../agentKit.js";
import { gateCitations, repoPageChunks } from "../quoteGate.js";
import { chatPrompt } from "../prompts.js";
import type { PaperStateType, PaperUpdate } from "../state.js";

/**
 * QA over the retrieved passages, streamed. Counting questions ("有几张表") are answered from the
 * structural index without a model; no passages → the abstention. Citations `[p.N]` are checked
 * against the passages and unknown ones removed.
 */
export function chatNode(services: PaperGraphServices) {
  return (state: PaperStateType, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "chat", agent: "writer", label: "论文问答" }, async () => {
      const { doc_ids, titles, locale } = state.paper_metadata;
      const base = { current_agent: "chat", agent_mode: "streaming" as const };
      const structural = state.user_query ? structuralQuestion(state.user_query) : null;
      if (structural && structural.kind !== "item") {
        const { answer } = structuralEvidence(services.papers.repo, doc_ids[0]!, structural, locale);
        if (answer) {
          const checked = gateCitations(answer, state.evidence, doc_ids, repoPageChunks(services.papers.repo));
          return { update: { ...base, stream_chunks: [answer], agent_response: answerOf(state, "chat", { answer: checked.text, citations: checked.citations }) }, ...summaryOf("structural", {}, "answered from the structural index") };
        }
      }
      if (state.evidence.length === 0) {
        const answer = locale === "zh" ? `${ABSTAIN.zh}。` : `Not stated in the paper.`;
        return { update: { ...base, stream_chunks: [answer], agent_response: answerOf(state, "chat", { answer }) }, ...summaryOf("abstainedNoPassages", {}, "no passages: abstained") };
      }
      const { text, chunks } = await streamText(services.llm, config, "chat", {
        ...chatPrompt(locale, { title: titles.join(" / "), passages: state.paper_text, question: state.user_query || "", selected: state.selected_text, history: historyText(state) }),
      });
      const checked = gateCitations(text, state.evidence, doc_ids, repoPageChunks(services.papers.repo));
      const answer = checked.text || (locale === "zh" ? `${ABSTAIN.zh}。` : "Not stated in the paper.");
      return {
        update: {
          ...base,
          stream_chunks: chunks,
          agent_response: answerOf(state, "chat", {
            answer,
            citations: checked.citations,
            ...(checked.refused.length ? { refused_citations: checked.refused } : {}),
            ...(checked.unsupported.length ? { unsupported_sentences: checked.unsupported } : {}),
          }),
        },
        ...summaryOf(
          isAbstention(answer) ? "abstained" : "answered",
          { c: checked.citations.length, refused: checked.refused.length, unsupported: checked.unsupported.length },
          isAbstention(answer)
            ? "abstained"
            : `${checked.citations.length} citations${checked.refused.length ? `, ${checked.refused.length} refused` : ""}${checked.unsupported.length ? `, ${checked.unsupported.length} without a supporting quote` : ""}`,
        ),
      };
    });
}
