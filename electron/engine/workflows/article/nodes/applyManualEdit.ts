import { briefDraft } from "../briefDraft.js";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ArticleDeps } from "../ArticleDeps.js";
import { splitDraft } from "../draftMarkdown.js";
import { wordCount } from "../../../../../shared/text/countText.js";
import { labelFrom, runStep, sessionIdOf, summaryFrom } from "../../common/nodeRuntime.js";
import { stepLines, summaryLines } from "../stepLines.js";
import { localeOf } from "../localeOf.js";
import type { ArticleUpdate, ArticleState } from "../state.js";
import { storeDraftVersion } from "../../common/storeDraftVersion.js";

/**
 * PAUSE-3 or PAUSE-4 with `edited_draft`: the user's text becomes a new version (reason manual_edit) before the
 * action runs, and is split back into sections so a later revision can still rewrite single ones.
 * The review of the previous version no longer applies to it.
 */
export function applyManualEditNode(deps: ArticleDeps) {
  return async (state: ArticleState, config: LangGraphRunnableConfig): Promise<ArticleUpdate> => {
    const locale = localeOf(state);
    const sessionId = sessionIdOf(config);
    const markdown = state.resume?.payload.edited_draft ?? state.draft;
    const atReview = state.resume?.pause === "review_confirm";
    return runStep(config, { step: "manual_edit", agent: "system", ...labelFrom(stepLines.manualEdit(locale)) }, async () => {
      const { title, sections } = splitDraft(markdown, state.draft_title);
      const version = storeDraftVersion(deps.versions, sessionId, { markdown, reason: "manual_edit", after: state.draft_version, title, revisionCount: state.revision_count }, config);
      return {
        // At PAUSE-4 the writer still acts on the review the user answered (accept_review, custom_revise).
        update: {
          draft: markdown,
          draft_title: title,
          draft_sections: sections,
          draft_version: version.number,
          review: atReview ? state.review : null,
          force_accepted_after: null,
          drafts: [briefDraft({ title, outline: state.outline, markdown, revisionCount: state.revision_count, version: version.number })],
        },
        ...summaryFrom(summaryLines.manualEdit(locale, version.number, wordCount(markdown))),
      };
    });
  };
}
