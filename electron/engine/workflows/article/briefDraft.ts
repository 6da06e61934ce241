import type { BriefDraft, Outline } from "../../../../shared/workflows/article.js";
import { wordCount } from "../../../../shared/text/countText.js";

/** One stored draft version as the brief's `DraftArticle` (word_count: shared/text wordCount, as every screen counts). */
export function briefDraft(draft: { title: string; outline: Outline | null; markdown: string; revisionCount: number; version: number }): BriefDraft {
  return {
    title: draft.title,
    outline: draft.outline,
    full_markdown: draft.markdown,
    word_count: wordCount(draft.markdown),
    revision_count: draft.revisionCount,
    version: draft.version,
  };
}
