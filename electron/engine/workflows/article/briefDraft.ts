import type { BriefDraft, Outline } from "../../../../shared/workflows/article.js";
import { draftChars } from "./draftMarkdown.js";

/** One stored draft version as the brief's `DraftArticle` (word_count: characters without markup, as the timeline counts). */
export function briefDraft(draft: { title: string; outline: Outline | null; markdown: string; revisionCount: number; version: number }): BriefDraft {
  return { title: draft.title, outline: draft.outline, full_markdown: draft.markdown, word_count: draftChars(draft.markdown), revision_count: draft.revisionCount, version: draft.version };
}
