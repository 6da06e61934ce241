import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { hasCjk } from "../library/translateQueryTerms.js";
import { emit, runStep, say, summaryOf } from "../../common/nodeRuntime.js";
import { answerOf } from "../agentKit.js";
import type { PaperDeps } from "../PaperDeps.js";
import type { PaperState, PaperUpdate } from "../state.js";
import { translateParagraph, type TranslatedParagraph } from "../translateParagraph.js";

/** Paragraphs one question translates, whatever the source: the rest is named in a note (select text or name a section for it). */
export const MAX_PARAGRAPHS = 6;

/** What is shown for a paragraph: its checked translation, or the original under a mark (never a failed translation). */
function shown(paragraph: TranslatedParagraph, locale: "zh" | "en"): string {
  if (paragraph.status !== "kept_source") return paragraph.target;
  return `> ${say(locale, "⚠ 此段未能可靠翻译，保留原文", "⚠ This paragraph could not be translated reliably; the original is kept")}\n\n${paragraph.source}`;
}

/**
 * Translation, paragraph by paragraph (zh ↔ en, by the source's language): the selected text, else a
 * section the question names, else the passages read (the whole paper when it fit the context), at
 * most MAX_PARAGRAPHS of them with an honest note on the rest. Each paragraph is checked before it is
 * streamed (translateParagraph): what fails twice is shown as the marked original.
 */
export function translateNode(deps: PaperDeps) {
  return (state: PaperState, config: LangGraphRunnableConfig): Promise<PaperUpdate> =>
    runStep(config, { step: "translate", agent: "writer", label: "翻译" }, async () => {
      // The selection; else a section the question names ("翻译 Method 一节"); else the passages read.
      const docId = state.paper_metadata.doc_ids[0]!;
      const locale = state.paper_metadata.locale;
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
      const all = source.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
      const paragraphs = all.slice(0, MAX_PARAGRAPHS);
      const target = hasCjk(source) ? "en" : "zh";
      const pairs: TranslatedParagraph[] = [];
      const chunks: string[] = [];
      // Only a checked paragraph is streamed, one event per paragraph.
      const show = (text: string) => {
        emit(config, { type: "token", step: "translate", text });
        chunks.push(text);
      };
      for (const [index, paragraph] of paragraphs.entries()) {
        const done = await translateParagraph(deps.llm, config, paragraph, target);
        pairs.push(done);
        show(`${index > 0 ? "\n\n" : ""}${shown(done, locale)}`);
      }
      const capped = all.length > paragraphs.length;
      const note = capped
        ? say(locale, `已翻译前 ${paragraphs.length} 段，共 ${all.length} 段；选中文字或指明章节可翻译其余部分。`, `Translated the first ${paragraphs.length} of ${all.length} paragraphs; select text or name a section to translate the rest.`)
        : "";
      if (note) show(`\n\n> ${note}`);
      const answer = [...pairs.map((p) => shown(p, locale)), ...(note ? [`> ${note}`] : [])].join("\n\n");
      const kept = pairs.filter((p) => p.status === "kept_source").length;
      const calls = pairs.reduce((sum, p) => sum + p.calls, 0);
      const tail = `${capped ? ` (first ${paragraphs.length} of ${all.length})` : ""}, ${calls} model calls`;
      return {
        update: {
          current_agent: "translate",
          agent_mode: "streaming",
          stream_chunks: chunks,
          agent_response: answerOf(state, "translate", { answer, data: { target, paragraphs: pairs, total_paragraphs: all.length } }),
        },
        ...(kept
          ? summaryOf("translatedGuarded", { n: pairs.length, kept, total: all.length }, `${pairs.length} paragraphs → ${target}, ${kept} failed the checks twice and kept in the original${tail}`)
          : summaryOf("translated", { n: pairs.length, total: all.length }, `${pairs.length} paragraphs → ${target}${tail}`)),
      };
    });
}
