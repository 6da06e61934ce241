import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { runStep, summaryOf } from "../../common/nodeRuntime.js";
import { answerOf } from "../agentKit.js";
import type { PaperDeps } from "../PaperDeps.js";
import type { PaperState, PaperUpdate } from "../state.js";

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

/**
 * Offline recommendations, no model call: papers of the user's library nearest to this one (title
 * + abstract embeddings), and the paper's own reference list (entries whose title is in the
 * library are marked).
 */
export function recommendNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "recommend", agent: "researcher", label: "推荐相关论文" }, async () => {
      const { doc_ids, locale } = state.paper_metadata;
      const signal = config.signal;
      const mine = await deps.papers.library.paperVector(doc_ids[0]!, signal);
      const others = deps.papers.library.list().filter((p) => !doc_ids.includes(p.doc_id));
      const library: Array<{ doc_id: string; title: string; score: number }> = [];
      for (const paper of others.slice(0, 200)) {
        library.push({
          doc_id: paper.doc_id,
          title: paper.title,
          score: Math.round(cosine(mine, await deps.papers.library.paperVector(paper.doc_id, signal)) * 1000) / 1000,
        });
      }
      library.sort((a, b) => b.score - a.score);
      const titles = deps.papers.library.list().map((p) => p.title.toLowerCase());
      const references = deps.papers.library.repo
        .references(doc_ids[0]!)
        .map((r) => ({ ...r, in_library: titles.some((t) => t.length > 8 && r.text.toLowerCase().includes(t)) }));
      const top = library.slice(0, 5);
      const head = locale === "zh" ? "**你的文献库中相关的论文**" : "**Related papers in your library**";
      const refHead = locale === "zh" ? "**本文参考文献**" : "**This paper's references**";
      const answer = [
        head,
        ...(top.length ? top.map((p) => `- ${p.title} (${p.score})`) : [locale === "zh" ? "- （文献库中没有其他论文）" : "- (no other papers in the library)"]),
        "",
        refHead,
        ...(references.length ? references.slice(0, 15).map((r) => `- ${r.text}${r.in_library ? (locale === "zh" ? "（已在文献库）" : " (in library)") : ""} [p.${r.page}]`) : ["- —"]),
      ].join("\n");
      return {
        update: { current_agent: "recommend", agent_mode: "blocking", stream_chunks: [], agent_response: answerOf(state, "recommend", { answer, data: { library: top, references } }) },
        ...summaryOf("recommend", { n: top.length, refs: references.length }, `${top.length} from the library, ${references.length} references`),
      };
    });
}
