import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ParsedIntent } from "../../../../../shared/workflows/article.js";
import type { ArticleDeps } from "../ArticleDeps.js";
import { detectLocale } from "../../../../../shared/detectLocale.js";
import { detectPeriod } from "../research/detectPeriod.js";
import { intentWithContext } from "../intentWithContext.js";
import { settingsFromIntent } from "../settingsFromIntent.js";
import { labelFrom, runStep, summaryFrom } from "../../common/nodeRuntime.js";
import { stepLines, summaryLines } from "../stepLines.js";

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
import type { ArticleUpdate, ArticleState } from "../state.js";

/**
 * intent_parser: the intent becomes a brief (type, audience, length, key questions). Type,
 * audience and length are the user's; one the user left out is filled only from the intent's own
 * words, else it is the product brief's default (analysis, 普通读者, 800) — see settingsFromIntent. The locale is the user's, else detected from the intent's
 * script: deterministic, and it picks the prompt language of this very call. A period the intent
 * names ("2024 年", "since 2023") becomes date_from / date_to for the search.
 */
export function intentParserNode(deps: ArticleDeps) {
  return async (state: ArticleState, config: LangGraphRunnableConfig): Promise<ArticleUpdate> => {
    const { input } = state;
    const locale = input.locale ?? detectLocale(input.intent);
    return runStep(config, { step: "intent_parser", agent: "system", ...labelFrom(stepLines.intent(locale)) }, async () => {
      const { value } = await deps.llm.generateStructured({
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
      const summary = summaryLines.intent(
        locale,
        TYPE_NAMES[parsed.article_type],
        parsed.target_audience,
        parsed.word_count_target,
        parsed.key_questions.length,
        settings.sources,
      );
      return { update: { parsed_intent: parsed }, ...summaryFrom(summary) };
    });
  };
}
