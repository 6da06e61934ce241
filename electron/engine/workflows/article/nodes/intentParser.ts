import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ParsedIntent } from "../../../../../shared/workflows/article.js";
import type { ArticleDeps } from "../ArticleDeps.js";
import { detectLocale } from "../../../../../shared/detectLocale.js";
import { detectPeriod } from "../research/detectPeriod.js";
import { intentWithContext } from "../intentWithContext.js";
import { runStep, say } from "../../common/nodeRuntime.js";
import { intentPrompt } from "../prompts.js";
import { IntentLlmSchema } from "../schemas.js";
import type { ArticleStateUpdate, ArticleStateValues } from "../state.js";

/**
 * intent_parser: the intent becomes a brief (type, audience, length, key questions). Fields the
 * user gave override the model's. The locale is the user's, else detected from the intent's
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
      const parsed: ParsedIntent = {
        article_type: input.article_type ?? value.article_type,
        target_audience: input.target_audience ?? (value.target_audience.trim() || say(locale, "普通读者", "general readers")),
        word_count_target: input.word_count_target ?? Math.min(20_000, Math.max(200, Math.round(value.word_count_target || 1200))),
        locale,
        key_questions: value.key_questions.map((q) => q.trim()).filter(Boolean).slice(0, 5),
        // The period is read by code from the user's words, never by the model.
        ...(period.dateFrom ? { date_from: period.dateFrom } : {}),
        ...(period.dateTo ? { date_to: period.dateTo } : {}),
      };
      const summary = say(
        locale,
        `${parsed.article_type}，面向${parsed.target_audience}，约 ${parsed.word_count_target} 字，${parsed.key_questions.length} 个关键问题`,
        `${parsed.article_type} for ${parsed.target_audience}, about ${parsed.word_count_target} words, ${parsed.key_questions.length} key questions`,
      );
      return { update: { parsed_intent: parsed }, summary };
    });
  };
}
