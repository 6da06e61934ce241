import { articleContract } from "../../../../shared/workflows/article.js";
import type { Material } from "../../../../shared/knowledge.js";
import { reviewIssues } from "../../../../shared/workflows/article.js";
import type { Review } from "../../../../shared/workflows/article.js";
import { definePauses } from "../common/definePauses.js";
import { BRIEF_PAUSE_MESSAGES, briefReviewResult } from "../../../../shared/workflows/article/articleBrief.js";
import { ScriptoriumError } from "../../../../shared/errors.js";
import { splitDraft } from "./draftMarkdown.js";
import { localeOf } from "./localeOf.js";
import { summaryLines } from "./stepLines.js";
import type { PausePoint } from "../../../../shared/workflows/article.js";
import type { ArticleUpdate, ArticleState } from "./state.js";

/**
 * The article's four pauses, from the contract's table. The brief's wire format is read here too:
 * `null` fields are absent, and at PAUSE-4 `override_verdict: true` (or `"pass"`) means
 * force-finalize whatever the action, `false` keeps the editor's verdict (an action-less body then
 * accepts the review).
 */
export const articlePauses = definePauses<typeof articleContract.pauses, ArticleState>(articleContract.pauses, {
  context: {
    material_confirm: (state) => ({
      materials: state.materials,
      keywords: state.keywords,
      summary: summaryLines.materials(localeOf(state), state.search_hits, state.materials.length).text,
      revision_count: state.revision_count,
      message: BRIEF_PAUSE_MESSAGES.material_confirm,
    }),
    outline_confirm: (state) => ({
      ...(state.outline ? { outline: state.outline } : {}),
      materials: state.materials.filter((m) => state.approved_material_ids?.includes(m.id)),
      revision_count: state.revision_count,
      message: BRIEF_PAUSE_MESSAGES.outline_confirm,
    }),
    draft_confirm: (state) => ({
      draft: state.draft,
      ...(state.draft_version !== null ? { version: state.draft_version } : {}),
      ...(state.review ? { review: state.review } : {}),
      // The brief's PAUSE-3 payload carries the key before the first review too, as null.
      review_result: state.review ? briefReviewResult(state.review) : null,
      ...(state.ungrounded_sentences.length ? { ungrounded_sentences: state.ungrounded_sentences } : {}),
      ...(state.force_accepted_after !== null ? { force_accepted_after: state.force_accepted_after } : {}),
      revision_count: state.revision_count,
      draft_title: state.draft_title,
      max_revisions: state.max_revisions,
      message: BRIEF_PAUSE_MESSAGES.draft_confirm,
    }),
    review_confirm: (state) => ({
      draft: state.draft,
      ...(state.draft_version !== null ? { version: state.draft_version } : {}),
      ...(state.review ? { review: state.review, review_result: briefReviewResult(state.review) } : {}),
      revision_count: state.revision_count,
      draft_title: state.draft_title,
      max_revisions: state.max_revisions,
      message: BRIEF_PAUSE_MESSAGES.review_confirm,
    }),
  },
  normalize: (point, payload) => {
    const body = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== null));
    if (point === "review_confirm" && "override_verdict" in body) {
      const override = body.override_verdict === true || body.override_verdict === "pass";
      if (override) body.action = "force_finalize";
      else body.action ??= "accept_review";
    }
    if (typeof body.edited_outline === "object" && body.edited_outline !== null) body.edited_outline = withSnakeSections(body.edited_outline as Record<string, unknown>);
    return dropForeignDefaults(point, body);
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
export const pauseNode = (pause: PausePoint) => articlePauses.node(pause) as unknown as (state: ArticleState) => ArticleUpdate;

/** Every resume field of any action at any pause (the brief's client sends all of them). */
const RESUME_FIELDS = new Set(Object.values(articleContract.pauses).flatMap((pause) => Object.values(pause.actions).flatMap((fields) => Object.keys(fields))));

/**
 * Each field's empty default, by its type: what the brief's client sends for a field it has nothing
 * to say in (`null` is dropped earlier). `false` for a list, say, is not empty: it is refused.
 */
const EMPTY_DEFAULT: Record<string, unknown> = {
  approved_material_ids: [],
  extra_keywords: [],
  accepted_issues: [],
  outline_feedback: "",
  user_revision_notes: "",
  notes: "",
  edited_draft: "",
  override_verdict: false,
};
const isEmptyDefault = (key: string, value: unknown) => {
  const empty = EMPTY_DEFAULT[key];
  return Array.isArray(empty) ? Array.isArray(value) && value.length === 0 : empty !== undefined && value === empty;
};

/**
 * The brief's client sends every field of every action with its empty default
 * (`{action, approved_material_ids: [], extra_keywords: [], edited_outline: null, outline_feedback: "",
 * user_revision_notes: "", override_verdict: false}`). A field the chosen action does not take is
 * dropped when it carries that default; with a real value it is refused, naming the field, so a
 * client never believes a note or an outline was used when it was not. Unknown keys are left for
 * the action's strict schema to refuse.
 */
function dropForeignDefaults(point: PausePoint, body: Record<string, unknown>): Record<string, unknown> {
  const fields = articleContract.pauses[point].actions[body.action as keyof (typeof articleContract.pauses)[typeof point]["actions"]] as Record<string, unknown> | undefined;
  if (!fields) return body; // an unknown or misplaced action: parseResume names it
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === "action" || key in fields || !RESUME_FIELDS.has(key)) out[key] = value;
    else if (!isEmptyDefault(key, value)) throw new ScriptoriumError("bad_request", `${key} is not used by action ${String(body.action)} at ${point}; send it empty or leave it out`);
  }
  return out;
}

/**
 * The brief's client sends its `AIOutline` as it holds it, camelCase (`sectionTitle`, `keyPoints`,
 * `materialIds`); the contract reads snake_case. A section's snake_case field wins when both are there.
 */
function withSnakeSections(outline: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(outline.sections)) return outline;
  const sections = outline.sections.map((section: unknown) => {
    if (typeof section !== "object" || section === null) return section;
    const s = section as Record<string, unknown>;
    return {
      ...s,
      section_title: s.section_title ?? s.sectionTitle,
      key_points: s.key_points ?? s.keyPoints ?? [],
      material_ids: s.material_ids ?? s.materialIds ?? [],
    };
  });
  return { ...outline, sections };
}
