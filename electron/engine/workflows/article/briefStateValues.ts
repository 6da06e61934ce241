import { BRIEF_DEFAULTS, briefReviewResult } from "../../../../shared/workflows/article/articleBrief.js";
import { localeOf } from "./localeOf.js";
import { summaryLines } from "./stepLines.js";
import type { ArticleState } from "./state.js";

/**
 * The brief's `AIWritingState` field names (§6.1) of an article session, beside the project's own
 * in the public state: the writing settings as used (the user's, else the brief's defaults), the
 * material package, the outline, every draft version and the current one, the review in the
 * brief's `ReviewResult` shape and the revision cap.
 */
export function briefStateValues(v: Partial<ArticleState>) {
  const input = v.input;
  const parsed = v.parsed_intent;
  const locale = v.input ? localeOf({ parsed_intent: parsed ?? null, input: v.input }) : "zh";
  const drafts = v.drafts ?? [];
  const current = drafts.findLast((d) => d.version === v.draft_version) ?? null;
  return {
    user_intent: input?.intent ?? "",
    article_type: parsed?.article_type ?? input?.article_type ?? BRIEF_DEFAULTS.article_type,
    target_audience: parsed?.target_audience ?? input?.target_audience ?? BRIEF_DEFAULTS.target_audience,
    word_count_target: parsed?.word_count_target ?? input?.word_count_target ?? BRIEF_DEFAULTS.word_count_target,
    material_package:
      v.keywords?.length || v.materials?.length
        ? {
            keywords: v.keywords ?? [],
            materials: v.materials ?? [],
            summary: summaryLines.materials(locale, v.search_hits ?? 0, v.materials?.length ?? 0).text,
          }
        : null,
    current_outline: v.outline ?? null,
    drafts,
    // A draft the user edited by hand is the current one too; revision_count as the state's.
    current_draft: current ? { ...current, revision_count: v.revision_count ?? current.revision_count } : null,
    review_result: v.review ? briefReviewResult(v.review) : null,
    max_revisions: v.max_revisions ?? 3,
  };
}
