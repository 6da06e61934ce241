import { articleContract } from "../../../../shared/workflows/article.js";
import type { Material } from "../../../../shared/knowledge.js";
import { reviewIssues } from "../../../../shared/workflows/article.js";
import type { Review } from "../../../../shared/workflows/article.js";
import { definePauses } from "../common/definePauses.js";
import { splitDraft } from "./draftMarkdown.js";
import type { PausePoint } from "../../../../shared/workflows/article.js";
import type { ArticleStateUpdate, ArticleStateValues } from "./state.js";

/**
 * The article's four pauses, from the contract's table. The brief's wire format is read here too:
 * `null` fields are absent, and at PAUSE-4 `override_verdict: true` (or `"pass"`) means
 * force-finalize whatever the action, `false` keeps the editor's verdict (an action-less body then
 * accepts the review).
 */
export const articlePauses = definePauses<typeof articleContract.pauses, ArticleStateValues>(articleContract.pauses, {
  context: {
    material_confirm: (state) => ({ materials: state.materials, keywords: state.keywords, revision_count: state.revision_count }),
    outline_confirm: (state) => ({
      ...(state.outline ? { outline: state.outline } : {}),
      materials: state.materials.filter((m) => state.approved_material_ids?.includes(m.id)),
      revision_count: state.revision_count,
    }),
    draft_confirm: (state) => ({
      draft: state.draft,
      ...(state.draft_version !== null ? { version: state.draft_version } : {}),
      ...(state.review ? { review: state.review } : {}),
      ...(state.force_accepted_after !== null ? { force_accepted_after: state.force_accepted_after } : {}),
      revision_count: state.revision_count,
    }),
    review_confirm: (state) => ({
      draft: state.draft,
      ...(state.draft_version !== null ? { version: state.draft_version } : {}),
      ...(state.review ? { review: state.review } : {}),
      revision_count: state.revision_count,
    }),
  },
  normalize: (point, payload) => {
    const body = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== null));
    if (point === "review_confirm" && "override_verdict" in body) {
      const override = body.override_verdict === true || body.override_verdict === "pass";
      if (override) body.action = "force_finalize";
      else body.action ??= "accept_review";
    }
    return body;
  },
  check: (point, payload, request) => {
    if (point === "material_confirm" && payload.action === "confirm" && Array.isArray(payload.approved_material_ids)) {
      const materials = (request.context.materials as Material[] | undefined) ?? [];
      const known = new Set(materials.map((m) => m.id));
      const unknown = (payload.approved_material_ids as string[]).filter((id) => !known.has(id));
      return unknown.length ? `approved_material_ids not in the material package: ${unknown.join(", ")}` : null;
    }
    if (point === "draft_confirm" && payload.action === "regenerate_section") {
      const draft = typeof payload.edited_draft === "string" ? payload.edited_draft : String(request.context.draft ?? "");
      const count = splitDraft(draft, "").sections.length;
      const index = payload.section_index as number;
      return index < count ? null : `section_index ${index} is out of range: the draft has ${count} sections (0–${count - 1})`;
    }
    if (point === "review_confirm" && payload.action === "accept_review" && Array.isArray(payload.accepted_issues)) {
      const review = request.context.review as Review | undefined;
      const total = review ? reviewIssues(review).length : 0;
      const accepted = payload.accepted_issues as number[];
      if (!accepted.length) return "accepted_issues is empty: accept at least one issue, or use force_finalize / custom_revise";
      const bad = accepted.filter((i) => i >= total);
      return bad.length ? `accepted_issues out of range: ${bad.join(", ")} (the review has ${total} issues, 0–${total - 1})` : null;
    }
    return null;
  },
});

/** `parseResume` of the article (the definition's), re-exported for tests. */
export const parseResume = articlePauses.parseResume;

/** The pause node of `pause` (see `definePauses`), typed for the article's state. */
export const pauseNode = (pause: PausePoint) => articlePauses.node(pause) as unknown as (state: ArticleStateValues) => ArticleStateUpdate;
