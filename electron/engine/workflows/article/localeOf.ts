import type { Locale } from "./prompts.js";
import type { ArticleState } from "./state.js";

/** The article's locale; set by intent_parser, so later nodes always find it. */
export function localeOf(state: Pick<ArticleState, "parsed_intent" | "input">): Locale {
  return state.parsed_intent?.locale ?? state.input.locale ?? "zh";
}
