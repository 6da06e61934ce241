/**
 * Conventions on which the public Chinese style guides disagree. Each one is a setting, documented in
 * rules/DOC_GUIDELINES.md (module typography_and_symbols); the defaults follow GB/T 15834 as read by
 * ruanyf/document-style-guide and sparanoid/chinese-copywriting-guidelines.
 */
export interface TypographyConventions {
  /** Number and unit symbol (GB, MB, Gbps, kg …): `"space"` → "16 GB" (default); `"none"` → "16GB". % ° ℃ ‰ never take a space. */
  numberUnit: "space" | "none";
  /**
   * Brackets in Chinese text: `"fullwidth"` → always （） (default); `"halfwidthForLatin"` → （） when the content
   * contains Chinese, " (DDL) " with spaces outside when the content is pure Latin (yikeke, KubeSphere).
   */
  brackets: "fullwidth" | "halfwidthForLatin";
  /** Quote style: `"curly"` → “” ‘’ (default, simplified Chinese); `"corner"` → 「」 『』. */
  quotes: "curly" | "corner";
  /** Space between inline code and adjacent Chinese, letters or digits: `"space"` (default), `"none"`, or `"ignore"`. */
  inlineCode: "space" | "none" | "ignore";
  /** Character the fixer writes for an ellipsis: "……" (U+2026 ×2, default) or "⋯⋯" (U+22EF ×2); both doubled forms are accepted. */
  ellipsis: "……" | "⋯⋯";
  /** Require a space between Chinese and digits (default true; ruanyf allows omitting it if consistent). */
  cjkDigitSpace: boolean;
  /** Terms written without the CJK–Latin space on purpose (official product names such as "豆瓣FM"). */
  spacingExceptions: string[];
}

export const DEFAULT_CONVENTIONS: TypographyConventions = {
  numberUnit: "space",
  brackets: "fullwidth",
  quotes: "curly",
  inlineCode: "space",
  ellipsis: "……",
  cjkDigitSpace: true,
  spacingExceptions: ["豆瓣FM"],
};

/** Fill unspecified conventions with the defaults. */
export function resolveConventions(partial?: Partial<TypographyConventions>): TypographyConventions {
  return { ...DEFAULT_CONVENTIONS, ...(partial ?? {}) };
}
