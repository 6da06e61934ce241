import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ParsedIntent } from "../../../../../shared/workflows/article.js";
import type { ArticleDeps } from "../ArticleDeps.js";
import { detectLocale } from "../../../../../shared/detectLocale.js";
import { detectPeriod } from "../research/detectPeriod.js";
import { intentWithContext } from "../intentWithContext.js";
import { settingsFromIntent } from "../settingsFromIntent.js";
import type { WritingSettings } from "../settingsFromIntent.js";
import { runStep, say } from "../../common/nodeRuntime.js";

/** Article types as the timeline names them (the UI's 新闻 / 分析 / 特稿 / 报告), never the raw id. */
const TYPE_NAMES: Record<ParsedIntent["article_type"], { zh: string; en: string }> = {
  news: { zh: "新闻", en: "News" },
  analysis: { zh: "分析", en: "Analysis" },
  feature: { zh: "特稿", en: "Feature" },
  report: { zh: "报告", en: "Report" },
};
import { intentExample, intentPrompt } from "../prompts.js";
import { withoutEchoed } from "../withoutEchoedExample.js";
import { IntentLlmSchema } from "../schemas.js";
import type { ArticleStateUpdate, ArticleStateValues } from "../state.js";

/**
 * intent_parser: the intent becomes a brief (type, audience, length, key questions). Type,
 * audience and length are the user's; one the user left out is filled only from the intent's own
 * words, else it is the product brief's default (analysis, 普通读者, 800) — see settingsFromIntent. The locale is the user's, else detected from the intent's
 * script: deterministic, and it picks the prompt language of this very call. A period the intent
 * names ("2024 年", "since 2023") becomes date_from / date_to for the search.
 */
export function intentParserNode(services: ArticleDeps) {
  return async (state: ArticleStateValues, config: LangGraphRunnableConfig): Promise<ArticleStateUpdate> => {
    const { input } = state;
    const locale = input.locale ?? detectLocale(input.intent);
    return runStep(config, { step: "intent_parser", agent: "system", label: say(locale, "解析写作意图", "Reading the intent") }, async () => {
      const { value } = await services.llm.generateStructured({
        ...intentPrompt(locale, intentWithContext(input, locale)),
        schema: IntentLlmSchema,
        tag: { role: "system", step: "intent" },
        signal: config.signal,
        maxTokens: 400,
      });
      const period = detectPeriod(input.intent);
      const settings = settingsFromIntent(input, value, locale);
      const parsed: ParsedIntent = {
        article_type: settings.article_type,
        target_audience: settings.target_audience,
        word_count_target: settings.word_count_target,
        locale,
        key_questions: withoutEchoed(value.key_questions, intentExample(locale).key_questions).map((q) => q.trim()).filter(Boolean).slice(0, 5),
        // The period is read by code from the user's words, never by the model.
        ...(period.dateFrom ? { date_from: period.dateFrom } : {}),
        ...(period.dateTo ? { date_to: period.dateTo } : {}),
      };
      // The timeline says which settings the user left out: filled from the intent's words, or the brief's default.
      const mark = (key: keyof WritingSettings["sources"], text: string) =>
        settings.sources[key] === "default" ? say(locale, `${text}（默认）`, `${text} (default)`) : settings.sources[key] === "intent" ? say(locale, `${text}（取自写作意图）`, `${text} (from the intent)`) : text;
      const summary = say(
        locale,
        `${mark("article_type", TYPE_NAMES[parsed.article_type].zh)}，面向${mark("target_audience", parsed.target_audience)}，约 ${mark("word_count_target", String(parsed.word_count_target))} 字，${parsed.key_questions.length} 个关键问题`,
        `${mark("article_type", TYPE_NAMES[parsed.article_type].en)} for ${mark("target_audience", parsed.target_audience)}, about ${mark("word_count_target", String(parsed.word_count_target))} words, ${parsed.key_questions.length} key questions`,
      );
      return { update: { parsed_intent: parsed }, summary };
    });
  };
}
