import type { ArticleStartInput, ParsedIntent } from "../../../../shared/workflows/article.js";
import { BRIEF_DEFAULTS } from "../../../../shared/workflows/article/articleBrief.js";
import type { IntentLlm } from "./schemas.js";

/** Where a writing setting came from: the user's field, the user's own words in the intent, or the brief's default. */
export type SettingSource = "user" | "intent" | "default";

export interface WritingSettings {
  article_type: ParsedIntent["article_type"];
  target_audience: string;
  word_count_target: number;
  sources: Record<"article_type" | "target_audience" | "word_count_target", SettingSource>;
}

const TYPE_WORDS: Array<[ParsedIntent["article_type"], RegExp]> = [
  ["news", /新闻|消息稿|\bnews\b/i],
  ["feature", /特稿|专题|人物稿|\bfeature\b/i],
  ["report", /报告|调研报告|\breport\b/i],
  ["analysis", /分析|评论|\banalysis\b/i],
];

/**
 * The three writing settings: what the user set wins; a setting the user left out is filled only
 * when the intent's own words say it (a length like "1500 字" / "800 words", a type word, an
 * audience the model read that appears verbatim in the intent); anything else is the brief's
 * default (analysis, 普通读者 / general readers, 800). The model never picks a length or a type
 * the user did not ask for.
 */
export function settingsFromIntent(input: ArticleStartInput, model: Pick<IntentLlm, "target_audience">, locale: "zh" | "en"): WritingSettings {
  const intent = input.intent;
  const length = /(\d{3,5})\s*(字|词|words?\b)/i.exec(intent);
  const typed = TYPE_WORDS.find(([, pattern]) => pattern.test(intent))?.[0];
  const audience = model.target_audience.trim();
  const audienceSaid = audience.length >= 2 && intent.includes(audience);
  const given = input.target_audience?.trim();
  return {
    article_type: input.article_type ?? typed ?? BRIEF_DEFAULTS.article_type,
    target_audience: given || (audienceSaid ? audience : locale === "zh" ? BRIEF_DEFAULTS.target_audience : "general readers"),
    word_count_target: input.word_count_target ?? (length ? Math.min(20_000, Math.max(200, Number(length[1]))) : BRIEF_DEFAULTS.word_count_target),
    sources: {
      article_type: input.article_type ? "user" : typed ? "intent" : "default",
      target_audience: given ? "user" : audienceSaid ? "intent" : "default",
      word_count_target: input.word_count_target !== undefined ? "user" : length ? "intent" : "default",
    },
  };
}
