import type { ArticleStartInput } from "../../../../shared/workflows/article.js";
import type { Locale } from "./prompts.js";

/** Background a prompt may carry; longer `extra_context` is cut (a weak model's context is small). */
const CONTEXT_CHARS = 1000;

/** The intent with the brief's `extra_context` after it, for the intent and outline prompts. */
export function intentWithContext(input: Pick<ArticleStartInput, "intent" | "extra_context">, locale: Locale): string {
  const extra = input.extra_context?.trim();
  if (!extra) return input.intent;
  const cut = extra.length > CONTEXT_CHARS ? `${extra.slice(0, CONTEXT_CHARS - 1)}…` : extra;
  return `${input.intent}\n${locale === "zh" ? "背景：" : "Background: "}${cut}`;
}
