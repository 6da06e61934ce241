import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { DocOutlineSchema as StoredOutlineSchema, type DocOutline } from "../../../../../shared/workflows/docgen.js";
import { emit, runStep, summaryOf } from "../../common/nodeRuntime.js";
import { readCachedOutline, writeCachedOutline } from "../../common/sectionCache.js";
import type { DocgenDeps } from "../DocgenDeps.js";
import { clipForPrompt } from "../docgenText.js";
import { renderPrompt, type Locale } from "../../common/definePrompt.js";
import { OUTLINE_EXAMPLES, OUTLINE_PROMPT } from "../prompts.js";
import { withoutOutlineEcho } from "../outlineEcho.js";
import { docOutlineSchema } from "../schemas.js";
import { outlineBounds } from "../materialBudget.js";
import { isAbort } from "../../common/isAbort.js";
import { headingText } from "../../common/headingText.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

/**
 * The MECE outline: `outline.json` from the cache when a previous run wrote it (and no new outline
 * was asked for), else one grammar-constrained call; cleaned and cached atomically.
 */
export function generateDraftNode(deps: DocgenDeps) {
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "generate_draft", agent: "writer", label: "设计大纲" }, async () => {
      const regenerate = state.resume?.pause === "outline_confirm" && state.resume.payload.action === "regenerate";
      const feedback = regenerate ? String(state.resume?.payload.feedback ?? "") : "";
      if (!regenerate) {
        const cached = await readCachedOutline(state.cache_dir, StoredOutlineSchema);
        if (cached) {
          emit(config, { type: "doc_outline_ready", outline: cached, cached: true });
          return { update: { outline: cached, resume: null }, ...summaryOf("outlineCached", { n: cached.sections.length }, `${cached.sections.length} sections (cached)`) };
        }
      }
      let value: DocOutline;
      let fallback = false;
      let echoes = 0;
      // How many sections the material can fill is decided here, by code; the prompt says it and the grammar holds to it.
      const bounds = outlineBounds(state.context, state.locale);
      try {
        ({ value } = await deps.llm.generateStructured({
          ...renderPrompt(OUTLINE_PROMPT, state.locale, {
            topic: state.topic,
            context: clipForPrompt(state.context) || (state.locale === "zh" ? "（无）" : "(none)"),
            sectionCount: sectionCountText(bounds, state.locale),
            feedback: feedback ? (state.locale === "zh" ? `用户对上一版大纲的意见：${feedback}\n\n` : `The user's comments on the last outline: ${feedback}\n\n`) : "",
          }),
          schema: docOutlineSchema(bounds.max),
          tag: { role: "writer", step: "outline" },
          maxTokens: outlineMaxTokens(bounds.max),
          temperature: 0.3,
          signal: config.signal,
        }));
      } catch (error) {
        if (isAbort(error, config.signal)) throw error;
        // No valid outline from the model: a plain one from the source's own headings, or a default.
        value = fallbackOutline(state.topic, state.context, state.locale);
        fallback = true;
      }
      if (!fallback) {
        // What the model copied from the prompt's example is not its plan; all of it copied is no outline at all.
        const cut = withoutOutlineEcho(value, OUTLINE_EXAMPLES[state.locale], `${state.topic}\n${state.context}`);
        echoes = cut.echoes;
        value = cut.copied ? fallbackOutline(state.topic, state.context, state.locale) : cut.outline;
        fallback = cut.copied;
      }
      const outline = sanitizeDocOutline(value, state.topic, state.locale);
      await writeCachedOutline(state.cache_dir, outline);
      emit(config, { type: "doc_outline_ready", outline, cached: false });
      const n = outline.sections.length;
      const summary = echoes
        ? fallback
          ? summaryOf("outlineEchoFallback", { n }, `${n} sections (fallback outline: the model copied the prompt's example)`)
          : summaryOf("outlineEchoDropped", { n, echoes }, `${n} sections; ${echoes} parts copied from the prompt's example removed`)
        : summaryOf(fallback ? "outlineFallback" : "outline", { n }, `${n} sections${fallback ? " (fallback outline: the model gave none)" : ""}`);
      return { update: { outline, resume: null, sections: [], failed_sections: [] }, ...summary };
    });
}

/** "3 到 5 " / "3 to 5" (or one number when the bounds meet), as the outline prompt says it. */
function sectionCountText(bounds: { min: number; max: number }, locale: Locale): string {
  const min = Math.min(bounds.min, bounds.max);
  if (min === bounds.max) return locale === "zh" ? `${min} ` : `${min}`;
  return locale === "zh" ? `${min} 到 ${bounds.max} ` : `${min} to ${bounds.max}`;
}

/**
 * What an outline of `sections` sections needs: ~40 tokens of title and keys, ~80 a section (a title
 * and a one-line scope at 1.5 characters a token; Gemma wrote ~25); eight sections keep the 700
 * tokens every outline had before. A cut outline fails its grammar, so the budget errs long.
 */
export function outlineMaxTokens(sections: number): number {
  return 40 + sections * 80;
}

/** Section titles of an outline made without the model, in the document's language. */
const FALLBACK_TITLES = { zh: ["概述", "使用方法", "参考"], en: ["Overview", "Usage", "Reference"] } as const;

/** An outline without the model: the source's `##` headings when it has some, else overview / usage / reference. */
export function fallbackOutline(topic: string, context: string, locale: Locale = "zh"): DocOutline {
  const headings = [...context.matchAll(/^#{2,4}\s+(.+?)\s*$/gm)].map((m) => m[1]!).filter((h) => !h.startsWith("笔记 ")).slice(0, 6);
  const titles = headings.length >= 2 ? headings : FALLBACK_TITLES[locale];
  return { title: topic.slice(0, 120), sections: titles.map((title) => ({ title, scope: "" })) };
}

/** Trimmed titles, numbering stripped, duplicates and empty sections dropped; never empty. */
export function sanitizeDocOutline(outline: DocOutline, topic: string, locale: Locale = "zh"): DocOutline {
  const seen = new Set<string>();
  const sections = outline.sections
    .map((s) => ({ title: headingText(s.title, 200).replace(/^(?:\d+(?:\.\d+)*[.、)]?|[一二三四五六七八九十]+[、.])\s*/, "").slice(0, 80).trim(), scope: s.scope.trim().slice(0, 200) }))
    .filter((s) => s.title && !seen.has(s.title) && seen.add(s.title));
  return {
    title: headingText(outline.title, 120) || headingText(topic, 120),
    sections: sections.length ? sections : [{ title: FALLBACK_TITLES[locale][0], scope: topic.slice(0, 200) }],
  };
}
