import { FALLBACK_MARK_EN } from "../common/draftSection.js";
import type { DraftSection } from "./draftMarkdown.js";
import type { Locale } from "./prompts.js";
import type { ReviewAspect } from "./prompts.js";
import type { AspectReviewLlm } from "./schemas.js";

/** True for a section whose model text failed its check twice and that code filled with its materials' own cited sentences. */
export function isCodeFilled(section: DraftSection): boolean {
  return section.body.includes(FALLBACK_MARK_EN);
}

/**
 * The review code gives a code-filled section instead of three model calls: its sentences are its
 * materials' own, each cited, so the facts are the materials' (100); it holds no prose of the
 * writer's to judge for logic or language (0), and one major language issue sends it back to the
 * writer. A weak model's three reviews of such a section cost ~1 500 generated tokens (SmolLM2, en,
 * three sections) and could only restate the ⚠ mark the section already carries.
 */
export function codeFilledReview(aspect: ReviewAspect, section: DraftSection, locale: Locale): AspectReviewLlm {
  if (aspect === "facts") return { score: 100, issues: [] };
  if (aspect === "logic") return { score: 0, issues: [] };
  const zh = locale === "zh";
  return {
    score: 0,
    issues: [
      {
        severity: "major",
        location: section.title,
        issue: zh ? "模型写的文字未通过检查，本节是素材原句的拼接" : "the model's text failed its check: this section is its materials' own sentences strung together",
        suggestion: zh ? "用文章自己的话重写本节，保留每句的素材编号" : "rewrite the section in the article's own words, keeping each sentence's material id",
      },
    ],
  };
}
