import { z } from "zod";
import { MaterialSchema } from "./knowledge.js";

/** Article studio domain. Field names follow the product brief (snake_case on the wire). */

export const ARTICLE_TYPES = ["news", "analysis", "feature", "report"] as const;
export const LOCALES = ["zh", "en"] as const;

export const ArticleStartInputSchema = z.object({
  intent: z.string().trim().min(1, "intent must not be empty").max(4000),
  article_type: z.enum(ARTICLE_TYPES).optional(),
  target_audience: z.string().max(200).optional(),
  word_count_target: z.number().int().min(200).max(20_000).optional(),
  locale: z.enum(LOCALES).optional(),
});
export type ArticleStartInput = z.infer<typeof ArticleStartInputSchema>;

export const ParsedIntentSchema = z.object({
  article_type: z.enum(ARTICLE_TYPES),
  target_audience: z.string(),
  word_count_target: z.number().int(),
  locale: z.enum(LOCALES),
  key_questions: z.array(z.string()),
});
export type ParsedIntent = z.infer<typeof ParsedIntentSchema>;

export const OutlineSectionSchema = z.object({
  section_title: z.string().min(1).max(200),
  key_points: z.array(z.string().max(300)).max(12),
  material_ids: z.array(z.string().max(64)).max(20),
});
export const OutlineSchema = z.object({
  title: z.string().min(1).max(200),
  sections: z.array(OutlineSectionSchema).min(1).max(20),
});
export type Outline = z.infer<typeof OutlineSchema>;

export const ReviewIssueSchema = z.object({
  severity: z.enum(["major", "minor"]),
  location: z.string(),
  issue: z.string(),
  suggestion: z.string(),
});
export const REVIEW_ASPECTS = ["facts", "logic", "language"] as const;
export const AspectReviewSchema = z.object({
  score: z.number().min(0).max(100),
  issues: z.array(ReviewIssueSchema),
});
export const ReviewSchema = z.object({
  facts: AspectReviewSchema,
  logic: AspectReviewSchema,
  language: AspectReviewSchema,
  overall: z.number().min(0).max(100),
  threshold: z.number(),
  verdict: z.enum(["pass", "reject"]),
  /** Which revision round produced this review (0 = first draft). */
  round: z.number().int(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const VERSION_REASONS = ["initial", "editor", "user", "manual_edit", "restore"] as const;
export const DraftVersionSchema = z.object({
  number: z.number().int().min(1),
  reason: z.enum(VERSION_REASONS),
  created_at: z.string(),
  /** Overall and per-aspect scores of the review made of this version, once reviewed. */
  scores: z.object({ facts: z.number(), logic: z.number(), language: z.number(), overall: z.number() }).nullable(),
  chars: z.number().int(),
});
export type DraftVersion = z.infer<typeof DraftVersionSchema>;

/** The four pauses and exactly the actions each allows. */
export const PAUSE_ACTIONS = {
  material_confirm: ["confirm", "re_search"],
  outline_confirm: ["confirm", "re_outline"],
  draft_confirm: ["finalize", "user_revise", "to_editor"],
  review_confirm: ["accept_review", "force_finalize", "custom_revise"],
} as const;
export type PausePoint = keyof typeof PAUSE_ACTIONS;
export const PAUSE_POINTS = Object.keys(PAUSE_ACTIONS) as PausePoint[];
export type ArticleAction = (typeof PAUSE_ACTIONS)[PausePoint][number];
export const ARTICLE_ACTIONS = [...new Set(Object.values(PAUSE_ACTIONS).flat())] as ArticleAction[];

/** The resume body of the brief. Which fields matter depends on the action; see `validateResumeForPause`. */
export const ArticleResumeSchema = z
  .object({
    action: z.enum(ARTICLE_ACTIONS as [ArticleAction, ...ArticleAction[]]),
    approved_material_ids: z.array(z.string().max(64)).max(500).optional(),
    extra_keywords: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    edited_outline: OutlineSchema.optional(),
    outline_feedback: z.string().max(4000).optional(),
    user_revision_notes: z.string().max(8000).optional(),
    override_verdict: z.enum(["pass", "reject"]).optional(),
    /** A draft the user edited by hand at PAUSE-3; stored as a new version before the action runs. */
    edited_draft: z.string().max(200_000).optional(),
  })
  .strict();
export type ArticleResume = z.infer<typeof ArticleResumeSchema>;

/** Field-level requirements per action; returns a message naming the problem, or null when fine. */
export function resumePayloadProblem(payload: ArticleResume): string | null {
  switch (payload.action) {
    case "confirm":
      return null;
    case "re_search":
      return payload.extra_keywords?.length ? null : "re_search needs extra_keywords (at least one keyword)";
    case "re_outline":
      return payload.outline_feedback?.trim() ? null : "re_outline needs outline_feedback";
    case "user_revise":
    case "custom_revise":
      return payload.user_revision_notes?.trim() ? null : `${payload.action} needs user_revision_notes`;
    default:
      return null;
  }
}

export const MaterialsReadySchema = z.object({
  materials: z.array(MaterialSchema),
  keywords: z.array(z.string()),
  summary: z.string(),
});

/** Context sent with `await_user` for each pause (what the UI needs to render the card). */
export const PauseContextSchema = z.object({
  pause_point: z.enum(PAUSE_POINTS as [PausePoint, ...PausePoint[]]),
  allowed_actions: z.array(z.string()),
  materials: z.array(MaterialSchema).optional(),
  outline: OutlineSchema.optional(),
  draft: z.string().optional(),
  version: z.number().int().optional(),
  review: ReviewSchema.optional(),
  /** Set at PAUSE-3 when the revision cap was reached: "force-accepted after N rounds". */
  force_accepted_after: z.number().int().optional(),
  revision_count: z.number().int().optional(),
});
export type PauseContext = z.infer<typeof PauseContextSchema>;
