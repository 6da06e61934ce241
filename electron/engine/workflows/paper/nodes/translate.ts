import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { anchorsOf } from "../../common/claimText.js";
import { hasCjk } from "../library/translateQueryTerms.js";
import { emit, runStep, summaryOf } from "../../common/nodeRuntime.js";
import { answerOf, streamText } from "../agentKit.js";
import type { PaperDeps } from "../PaperDeps.js";
import { translateSystem } from "../prompts.js";
import type { PaperState, PaperUpdate } from "../state.js";

const MAX_PARAGRAPHS = 8;

/** What must survive translation: numbers, citation markers like [3] or (1), and formulas. */
function preserved(text: string): string[] {
  const markers = text.match(/\[\d+(?:[,–-]\s*\d+)*\]|\(\d{1,3}\)|[A-Za-z]\s*=\s*[^,;。，]{1,40}/g) ?? [];
  return [...new Set([...anchorsOf(text).numbers, ...markers.map((m) => m.trim())])];
}

/**
 * Translation, streamed paragraph by paragraph (zh ↔ en, by the source's language): the selected
 * text, else the passages read. Each paragraph's numbers, formulas and citation markers are checked
 * in its translation; missing ones are listed with the paragraph.
 */
export function translateNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "translate", agent: "writer", label: "翻译" }, async () => {
      // The selection; else a section the question names ("翻译 Method 一节"); else the passages read.
      const docId = state.paper_metadata.doc_ids[0]!;
      const question = state.user_query.toLowerCase();
      const section = deps.papers.library.repo
        .structure(docId, "section")
        .filter((s) => s.label.length > 2 && question.includes(s.label.toLowerCase()))
        .sort((a, b) => b.label.length - a.label.length)[0];
      const sectionText = section
        ? deps.papers.library.repo
            .chunks(docId)
            .filter((c) => c.section === section.label && c.kind !== "heading")
            .map((c) => c.text)
            .join("\n\n")
        : "";
      const source = state.selected_text.trim() || sectionText || state.evidence.map((e) => e.text).join("\n\n");
      // Whole-paper mode translates every paragraph (the paper fit the model's context); retrieved passages are capped.
      const whole = !state.selected_text.trim() && !sectionText && state.context_mode === "whole_paper";
      const paragraphs = source.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean).slice(0, whole ? undefined : MAX_PARAGRAPHS);
      const target = hasCjk(source) ? "en" : "zh";
      const pairs: Array<{ source: string; target: string; missing: string[] }> = [];
      const chunks: string[] = [];
      for (const [index, paragraph] of paragraphs.entries()) {
        if (index > 0) {
          emit(config, { type: "token", step: "translate", text: "\n\n" });
          chunks.push("\n\n");
        }
        const out = await streamText(deps.llm, config, "translate", { system: translateSystem(target), prompt: paragraph, maxTokens: Math.min(1200, paragraph.length * 2 + 100), temperature: 0.2 });
        chunks.push(...out.chunks);
        const missing = preserved(paragraph).filter((item) => !out.text.replace(/\s+/g, "").includes(item.replace(/\s+/g, "")));
        pairs.push({ source: paragraph, target: out.text, missing });
      }
      const answer = pairs.map((p) => p.target + (p.missing.length ? `\n\n> ⚠ ${p.missing.join(", ")}` : "")).join("\n\n");
      return {
        update: { current_agent: "translate", agent_mode: "streaming", stream_chunks: chunks, agent_response: answerOf(state, "translate", { answer, data: { target, paragraphs: pairs } }) },
        ...summaryOf(pairs.some((p) => p.missing.length) ? "translatedLost" : "translated", { n: pairs.length }, `${pairs.length} paragraphs → ${target}${pairs.some((p) => p.missing.length) ? ", some markers lost" : ""}`),
      };
    });
}
