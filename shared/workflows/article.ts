import { z } from "zod";
import { StepTextSchema, workflowEvent } from "../coreEvents.js";
import { MaterialSchema, RunScopeSchema } from "../knowledge.js";
import { BRIEF_RESUME_MESSAGE, BRIEF_START_MESSAGE, articleBriefEvent, articleBriefState } from "./article/articleBrief.js";
import { AspectReviewSchema, OutlineSchema, OutlineSectionSchema, REVIEW_ASPECTS, ReviewIssueSchema, ReviewSchema } from "./article/outlineAndReview.js";
import type { Outline, Review } from "./article/outlineAndReview.js";
import { defineWorkflowContract } from "./contract.js";
import type { ActionPayload, PauseContextOf, ResumePayloadOf } from "./contract.js";

/** The editor's review (settings `article`): pass mark, revision cap and the three score weights. */
export const ArticleSettingsSchema = z
  .object({
    reviewThreshold: z.number().min(0).max(100).default(80),
    maxRevisions: z.number().int().min(0).max(10).default(3),
    weights: z
      .object({ facts: z.number().min(0), logic: z.number().min(0), language: z.number().min(0) })
      .default({ facts: 0.4, logic: 0.3, language: 0.3 }),
  })
  .default({ reviewThreshold: 80, maxRevisions: 3, weights: { facts: 0.4, logic: 0.3, language: 0.3 } });
export type ArticleSettings = z.infer<typeof ArticleSettingsSchema>;

/** Article studio: researcher → writer → editor with four pauses. Field names follow the product brief (snake_case). */

export const ARTICLE_TYPES = ["news", "analysis", "feature", "report"] as const;
export const LOCALES = ["zh", "en"] as const;

/** A field a brief client may send as `null`: read as absent. */
const nullable = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined).optional();

/**
 * `run.start` input. The brief's names (`user_intent`, `model_name`, `extra_context`) and the
 * project's (`intent`, `locale`) are both accepted; one of `intent` / `user_intent` is required.
 */
export const ArticleStartInputSchema = z
  .object({
    intent: nullable(z.string().trim().max(4000)),
    user_intent: nullable(z.string().trim().max(4000)),
    article_type: nullable(z.enum(ARTICLE_TYPES)),
    target_audience: nullable(z.string().max(200)),
    word_count_target: nullable(z.number().int().min(200).max(20_000)),
    locale: nullable(z.enum(LOCALES)),
    /**
     * An installed model (file name, with or without `.gguf`) this session runs on; unknown → 400
     * naming the installed ones; `""` (the brief's default) is absent.
     */
    model_name: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), nullable(z.string().trim().min(1).max(255))),
    /** Background the writer should know (the brief's `extra_context`); shown to every prompt as context. */
    extra_context: nullable(z.string().max(8000)),
    /** What the researcher may search (collections, bound folders, papers); absent: the library, the papers and the intranet providers. */
    scope: nullable(RunScopeSchema),
  })
  .transform((value, ctx) => {
    const intent = (value.intent || value.user_intent || "").trim();
    if (!intent) {
      ctx.addIssue({ code: "custom", path: ["intent"], message: "intent (or user_intent) must not be empty" });
      return z.NEVER;
    }
    const { user_intent: _brief, ...rest } = value;
    return { ...rest, intent };
  });
export type ArticleStartInput = z.output<typeof ArticleStartInputSchema>;
export type ArticleStartRequest = z.input<typeof ArticleStartInputSchema>;

export const ParsedIntentSchema = z.object({
  article_type: z.enum(ARTICLE_TYPES),
  target_audience: z.string(),
  word_count_target: z.number().int(),
  locale: z.enum(LOCALES),
  key_questions: z.array(z.string()),
  /** A period the intent names ("2024 年", "since March 2023"), as ISO dates for the search providers. */
  date_from: z.string().optional(),
  date_to: z.string().optional(),
});
export type ParsedIntent = z.infer<typeof ParsedIntentSchema>;

export { AspectReviewSchema, OutlineSchema, OutlineSectionSchema, REVIEW_ASPECTS, ReviewIssueSchema, ReviewSchema };
export type { Outline, Review };

const keywords = z.array(z.string().trim().min(1).max(100)).max(20);
const notes = z.string().max(8000);
/** A draft the user edited by hand; stored as a new version (manual_edit) before the action runs. */
const editedDraft = nullable(z.string().max(200_000));
/**
 * The brief's PAUSE-4 override: `true` finalizes whatever the verdict (= force_finalize), `false`
 * keeps the editor's verdict. The older string form `"pass"` / `"reject"` means the same.
 */
const overrideVerdict = nullable(z.union([z.boolean(), z.enum(["pass", "reject"])]));

/** Material the writer adds at PAUSE-1 (pasted text or an imported file's text), beside the searched ones. */
export const OwnMaterialSchema = z
  .object({
    title: z.string().trim().min(1, "material.title must not be empty").max(300),
    content: z.string().trim().min(1, "material.content must not be empty").max(20_000),
    source: z.string().trim().max(300).optional(),
    url: z.string().trim().max(2000).optional(),
  })
  .strict();
export type OwnMaterial = z.infer<typeof OwnMaterialSchema>;

/** The brief's `BriefReviewResult` (see articleBrief.ts), as sent in pause contexts and on `/state`. */
export const BriefReviewResultSchema = z.object({
  verdict: z.enum(["pass", "reject"]),
  fact_score: z.number().int(),
  logic_score: z.number().int(),
  language_score: z.number().int(),
  overall_score: z.number().int(),
  pass_threshold: z.number().int(),
  revision_notes: z.array(z.object({ category: z.enum(["fact", "logic", "language"]), severity: z.enum(["major", "minor"]), location: z.string(), issue: z.string(), suggestion: z.string() })),
});
/** The brief's `DraftArticle` (§6.1): one draft version. */
export const BriefDraftSchema = z.object({
  title: z.string(),
  outline: OutlineSchema.nullable(),
  full_markdown: z.string(),
  word_count: z.number().int(),
  revision_count: z.number().int(),
  /** The project's version number of this draft. */
  version: z.number().int(),
});
export type BriefDraft = z.infer<typeof BriefDraftSchema>;
/** Context fields every pause carries for the brief's clients (§7.3): its `message`. */
const briefPauseContext = { message: z.string().optional() };

const materialPause = {
  context: {
    materials: z.array(MaterialSchema),
    keywords: z.array(z.string()).optional(),
    /** The brief's PAUSE-1 `summary`: "共搜索到 X 条素材，精选 Y 条". */
    summary: z.string().optional(),
    revision_count: z.number().int().optional(),
    ...briefPauseContext,
  },
  actions: {
    confirm: { approved_material_ids: nullable(z.array(z.string().max(64)).max(500)) },
    /** Search again: with extra keywords they are added; with none the package is cleared and searched afresh. */
    re_search: { extra_keywords: nullable(keywords) },
    /** Add the writer's own material to the package (source_type `user`) and come back to PAUSE-1. */
    add_material: { material: OwnMaterialSchema },
  },
};
const outlinePause = {
  context: { outline: OutlineSchema.optional(), materials: z.array(MaterialSchema), revision_count: z.number().int().optional(), ...briefPauseContext },
  actions: {
    confirm: { edited_outline: nullable(OutlineSchema) },
    /** Re-plan; the feedback is optional. */
    re_outline: { outline_feedback: nullable(z.string().max(4000)) },
  },
};
const draftContext = {
  draft: z.string(),
  version: z.number().int().optional(),
  review: ReviewSchema.optional(),
  revision_count: z.number().int(),
  /** Set at PAUSE-3 when the revision cap was reached: "force-accepted after N rounds". */
  force_accepted_after: z.number().int().optional(),
  /** The brief's PAUSE-3/4 fields: the draft's title, the review in its shape, the revision cap. */
  draft_title: z.string().optional(),
  /** Null at PAUSE-3 before the first review (the brief's payload has the key either way). */
  review_result: BriefReviewResultSchema.nullable().optional(),
  max_revisions: z.number().int().optional(),
  /** Sentences citing `[mNNN]` that the cited material does not support (the claim checker's), shown to the user and sent to the fact review. */
  ungrounded_sentences: z.array(z.object({ section: z.string(), sentence: z.string(), material_ids: z.array(z.string()) })).optional(),
  ...briefPauseContext,
};

/** The article's contract: pauses → actions → payload fields, in one table. */
export const articleContract = defineWorkflowContract({
  id: "article",
  route: "ai-writing",
  start: ArticleStartInputSchema,
  documents: true,
  settings: ArticleSettingsSchema,
  pauses: {
    material_confirm: materialPause,
    outline_confirm: outlinePause,
    draft_confirm: {
      context: draftContext,
      actions: {
        finalize: { edited_draft: editedDraft },
        user_revise: { user_revision_notes: notes.trim().min(1, "user_revise needs user_revision_notes"), edited_draft: editedDraft },
        to_editor: { edited_draft: editedDraft },
        /** Rewrite one section (0-based index into the draft's `##` sections); the others stay verbatim. */
        regenerate_section: { section_index: z.number().int().min(0).max(19), notes: nullable(notes), edited_draft: editedDraft },
      },
    },
    review_confirm: {
      context: draftContext,
      actions: {
        /**
         * Revise with the editor's issues; `accepted_issues` (indices into facts, then logic, then
         * language issues) keeps only the ones the writer accepted. Absent: all of them.
         */
        accept_review: {
          override_verdict: overrideVerdict,
          accepted_issues: nullable(z.array(z.number().int().min(0).max(99)).max(100)),
          edited_draft: editedDraft,
        },
        force_finalize: { override_verdict: overrideVerdict, edited_draft: editedDraft },
        custom_revise: {
          user_revision_notes: notes.trim().min(1, "custom_revise needs user_revision_notes"),
          override_verdict: overrideVerdict,
          edited_draft: editedDraft,
        },
      },
    },
  },
  state: z.object({
    /** The brief's status: researching … awaiting_review_confirm, revising, done, error. */
    status: z.string(),
    intent: z.string(),
    parsed_intent: ParsedIntentSchema.nullable(),
    keywords: z.array(z.string()),
    materials: z.array(MaterialSchema),
    approved_material_ids: z.array(z.string()).nullable(),
    outline: OutlineSchema.nullable(),
    title: z.string(),
    draft: z.string(),
    draft_version: z.number().int().nullable(),
    review: ReviewSchema.nullable(),
    revision_count: z.number().int(),
    force_accepted_after: z.number().int().nullable(),
    final: z.boolean(),
    /** The run's search scope as started (absent: unscoped); every search of the session reads it. */
    scope: RunScopeSchema.optional(),
    // The brief's AIWritingState (§6.1) beside the project's names.
    user_intent: z.string(),
    article_type: z.enum(ARTICLE_TYPES),
    target_audience: z.string(),
    word_count_target: z.number().int(),
    material_package: z.object({ keywords: z.array(z.string()), materials: z.array(MaterialSchema), summary: z.string() }).nullable(),
    current_outline: OutlineSchema.nullable(),
    /** Every draft version the writer (or the user's edit) produced, oldest first. */
    drafts: z.array(BriefDraftSchema),
    current_draft: BriefDraftSchema.nullable(),
    review_result: BriefReviewResultSchema.nullable(),
    max_revisions: z.number().int(),
  }),
  /** The product brief's names on `/api/ai-writing/…` (its client reads them): see articleBrief.ts. */
  wire: { event: articleBriefEvent, state: articleBriefState, started: { message: BRIEF_START_MESSAGE }, resumed: { message: BRIEF_RESUME_MESSAGE } },
  events: [
    workflowEvent("materials_ready", {
      materials: z.array(MaterialSchema),
      keywords: z.array(z.string()),
      summary: z.string(),
      summaryText: StepTextSchema.optional(),
    }),
    workflowEvent("outline_ready", { outline: OutlineSchema }),
    /** The outline as the user edited and confirmed it at the outline pause, sent as the draft starts from it. */
    workflowEvent("outline_confirmed", { outline: OutlineSchema }),
    /** The brief's clients read it as `review_result` / `reviewResult` (see articleBrief.ts). */
    workflowEvent("review_ready", { review: ReviewSchema }),
  ],
});

export type ArticleContract = typeof articleContract;
export type PausePoint = keyof ArticleContract["pauses"] & string;
export const PAUSE_POINTS = Object.keys(articleContract.pauses) as PausePoint[];

/** The four pauses and exactly the actions each allows (derived from the table). */
export const PAUSE_ACTIONS = Object.fromEntries(PAUSE_POINTS.map((p) => [p, Object.keys(articleContract.pauses[p].actions)])) as {
  [P in PausePoint]: Array<keyof ArticleContract["pauses"][P]["actions"] & string>;
};
export type ArticleAction = { [P in PausePoint]: keyof ArticleContract["pauses"][P]["actions"] & string }[PausePoint];
export const ARTICLE_ACTIONS = [...new Set(Object.values(PAUSE_ACTIONS).flat())] as ArticleAction[];

/** A resume payload of the article, any pause, as a client sends it. */
export type ArticleResumeRequest = ResumePayloadOf<ArticleContract>;
/** The payload of one action at one pause, as parsed. */
export type ArticleActionPayload<P extends PausePoint, A extends keyof ArticleContract["pauses"][P]["actions"]> = ActionPayload<ArticleContract, P, A>;

/**
 * Every resume field of every article action, all optional: what the nodes read after a pause
 * (`state.resume.payload`). Derived from the table; the per-pause check is the table's.
 */
const everyField = Object.assign({}, ...PAUSE_POINTS.flatMap((p) => Object.values(articleContract.pauses[p].actions))) as z.ZodRawShape;
export const ArticleResumeSchema = z
  .object(everyField)
  .partial()
  .extend({ action: z.enum(ARTICLE_ACTIONS as [ArticleAction, ...ArticleAction[]]) })
  .strict() as unknown as z.ZodType<ArticleResume>;
export type ArticleResume = {
  action: ArticleAction;
  approved_material_ids?: string[] | undefined;
  extra_keywords?: string[] | undefined;
  edited_outline?: Outline | undefined;
  outline_feedback?: string | undefined;
  user_revision_notes?: string | undefined;
  override_verdict?: boolean | "pass" | "reject" | undefined;
  edited_draft?: string | undefined;
  material?: OwnMaterial | undefined;
  section_index?: number | undefined;
  notes?: string | undefined;
  accepted_issues?: number[] | undefined;
};

/** The editor's issues in the order `accepted_issues` indexes them: facts, then logic, then language. */
export function reviewIssues(review: Review): Array<z.infer<typeof ReviewIssueSchema> & { aspect: (typeof REVIEW_ASPECTS)[number] }> {
  return REVIEW_ASPECTS.flatMap((aspect) => review[aspect].issues.map((issue) => ({ ...issue, aspect })));
}

export const MaterialsReadySchema = articleContract.events[0].pick({ materials: true, keywords: true, summary: true });

/** Context sent with `await_user` for each pause, all fields optional (what the UI needs to render the card). */
export const PauseContextSchema = z.object({
  pause_point: z.enum(PAUSE_POINTS as [PausePoint, ...PausePoint[]]),
  allowed_actions: z.array(z.string()),
  materials: z.array(MaterialSchema).optional(),
  keywords: z.array(z.string()).optional(),
  outline: OutlineSchema.optional(),
  draft: z.string().optional(),
  version: z.number().int().optional(),
  review: ReviewSchema.optional(),
  force_accepted_after: z.number().int().optional(),
  revision_count: z.number().int().optional(),
});
export type PauseContext = z.infer<typeof PauseContextSchema>;
export type ArticlePauseContext<P extends PausePoint> = PauseContextOf<ArticleContract, P>;

