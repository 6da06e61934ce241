import type { Material } from "../../knowledge.js";
import { REVIEW_ASPECTS } from "./outlineAndReview.js";
import type { Outline, Review } from "./outlineAndReview.js";

/**
 * The product brief's wire names for the article (its §6 types, §7.3–7.4 routes and §12 protocol),
 * added beside the project's own on `/api/ai-writing/…` only. The brief is inconsistent with
 * itself: its Python state and SSE table use snake_case (`review_result.fact_score`), its
 * TypeScript client spreads the SSE `data` unchanged into camelCase types
 * (`event.reviewResult.factScore`). Both are sent, so its client works as written.
 */

/** The brief's agent names (`agent_name` / `agentName`) for the project's agents. */
export const BRIEF_AGENT_NAMES = { researcher: "研究院", writer: "作家", editor: "编辑", system: "系统" } as const;

/** Which agent a node's `progress` event belongs to (the node name is the event's `task`). */
const PROGRESS_AGENTS: Record<string, string> = {
  researcher: "研究院",
  research_more: "研究院",
  add_material: "研究院",
  writer_outline: "作家",
  writer_draft: "作家",
  editor: "编辑",
};

/** The brief's `ReviewIssue.category` for the project's review aspects. */
const CATEGORY = { facts: "fact", logic: "logic", language: "language" } as const;

/** The brief's `ReviewResult` (§6.1, snake_case). */
export interface BriefReviewResult {
  verdict: "pass" | "reject";
  fact_score: number;
  logic_score: number;
  language_score: number;
  overall_score: number;
  pass_threshold: number;
  revision_notes: Array<{ category: "fact" | "logic" | "language"; severity: "major" | "minor"; location: string; issue: string; suggestion: string }>;
}

/** The brief's `ReviewResult` from the project's three-aspect review; scores are rounded to integers as the brief's `int`. */
export function briefReviewResult(review: Review): BriefReviewResult {
  return {
    verdict: review.verdict,
    fact_score: Math.round(review.facts.score),
    logic_score: Math.round(review.logic.score),
    language_score: Math.round(review.language.score),
    overall_score: Math.round(review.overall),
    pass_threshold: Math.round(review.threshold),
    revision_notes: REVIEW_ASPECTS.flatMap((aspect) =>
      review[aspect].issues.map((i) => ({ category: CATEGORY[aspect], severity: i.severity, location: i.location, issue: i.issue, suggestion: i.suggestion })),
    ),
  };
}

/** The same review as the brief's TypeScript `ReviewResult` (§6.2, camelCase). */
export function briefReviewResultCamel(review: Review) {
  const r = briefReviewResult(review);
  return {
    verdict: r.verdict,
    factScore: r.fact_score,
    logicScore: r.logic_score,
    languageScore: r.language_score,
    overallScore: r.overall_score,
    passThreshold: r.pass_threshold,
    revisionNotes: r.revision_notes,
  };
}

/**
 * The brief's `source_type` is `internet | intranet`. Scriptorium searches no internet by design:
 * the intranet provider and the local library (the user's own documents, on this machine) are both
 * internal sources → `intranet`; material the user added reads `internet` when it names an
 * http(s) address (it came from the web), else `intranet`. The project's own value stays in `origin`.
 */
export function briefSourceType(material: Pick<Material, "source_type" | "url">): "internet" | "intranet" {
  if (material.source_type === "user" && material.url && /^https?:\/\//i.test(material.url)) return "internet";
  return "intranet";
}

/** A material with the brief's snake_case (§6.1) and camelCase (`AIMaterial`, §6.2) names. */
export function briefMaterial(material: Material) {
  const sourceType = briefSourceType(material);
  return {
    ...material,
    origin: material.source_type,
    source_type: sourceType,
    published_at: material.published_at ?? "",
    url: material.url ?? "",
    recUuid: material.recUuid ?? "",
    publishedAt: material.published_at ?? "",
    relevanceScore: material.relevance_score,
    sourceType,
    ...(material.recUuid ? { docId: material.recUuid } : {}),
    ...(material.department ? { department: material.department } : {}),
    ...(material.classification ? { classification: material.classification } : {}),
  };
}

/** An outline with both the brief's snake_case and camelCase (`AIOutline`) section fields. */
export function briefOutline(outline: Outline) {
  return {
    title: outline.title,
    sections: outline.sections.map((s) => ({ ...s, sectionTitle: s.section_title, keyPoints: s.key_points, materialIds: s.material_ids })),
  };
}

/** The brief's `WritingStatus` words (§6.1): a pause is `awaiting_<pause>`, a running session the phase it is in. */
export const BRIEF_WRITING_STATUSES = [
  "researching",
  "awaiting_material_confirm",
  "writing_outline",
  "awaiting_outline_confirm",
  "writing_draft",
  "awaiting_draft_confirm",
  "reviewing",
  "awaiting_review_confirm",
  "revising",
  "done",
  "error",
] as const;
export type BriefWritingStatus = (typeof BRIEF_WRITING_STATUSES)[number];

/** `POST /start`'s and `POST /resume`'s `message` (the brief's §7.4 response models). */
export const BRIEF_START_MESSAGE = "写作流程已启动";
export const BRIEF_RESUME_MESSAGE = "已提交，流程恢复中";

/** The brief's `resumed` message for each pause and action (§7.3's `progress_events`). */
export function briefResumeMessage(pausePoint: string, action: string): string {
  switch (`${pausePoint}:${action}`) {
    case "material_confirm:confirm":
      return "用户已确认素材，开始规划大纲";
    case "material_confirm:re_search":
      return "重新搜索中...";
    case "material_confirm:add_material":
      return "用户补充了素材";
    case "outline_confirm:confirm":
      return "用户已确认大纲，开始写作";
    case "outline_confirm:re_outline":
      return "重新规划大纲";
    case "draft_confirm:finalize":
      return "用户确认定稿";
    case "draft_confirm:user_revise":
      return "按用户意见重写";
    case "draft_confirm:to_editor":
      return "提交编辑审核";
    case "draft_confirm:regenerate_section":
      return "重写选定章节";
    case "review_confirm:force_finalize":
      return "用户强制定稿";
    case "review_confirm:custom_revise":
      return "按编辑意见与用户意见重写";
    default:
      return "按编辑意见重写";
  }
}

/** The brief's `await_user.message` for each pause (§7.3). */
export const BRIEF_PAUSE_MESSAGES: Record<string, string> = {
  material_confirm: "研究院已完成素材搜集，请确认素材后继续。",
  outline_confirm: "作家已完成大纲规划，请确认或编辑大纲后继续。",
  draft_confirm: "草稿已完成，请确认或给出修改意见。",
  review_confirm: "编辑认为文章需要修改，请决定下一步操作。",
};

type Wire = Record<string, unknown>;
const isRecord = (value: unknown): value is Wire => typeof value === "object" && value !== null && !Array.isArray(value);

/** A pause context with the brief's names: materials/outline in both cases, the review as `review_result`. */
function briefContext(context: Wire): Wire {
  const out: Wire = { ...context };
  if (Array.isArray(context.materials)) out.materials = (context.materials as Material[]).map(briefMaterial);
  if (isRecord(context.outline)) out.outline = briefOutline(context.outline as Outline);
  if (isRecord(context.review) && !isRecord(context.review_result)) out.review_result = briefReviewResult(context.review as Review);
  if (isRecord(out.review_result)) out.reviewResult = briefReviewResultCamel(context.review as Review);
  return out;
}

/**
 * One article event as the brief's clients read it on `/api/ai-writing/{id}/stream`: the event as
 * it is (the project's names), plus `session_id`, `message` on every event, `agent_name` /
 * `agentName` on steps, and for each type the fields both halves of the brief declare.
 */
export function articleBriefEvent(event: { type: string; sessionId: string } & Wire): Wire {
  const base: Wire = { ...event, session_id: event.sessionId };
  const agent = typeof event.agent === "string" ? BRIEF_AGENT_NAMES[event.agent as keyof typeof BRIEF_AGENT_NAMES] : undefined;
  switch (event.type) {
    case "connected":
      return { ...base, message: "已连接" };
    case "step_start":
      return { ...base, agent_name: agent, agentName: agent, message: event.label };
    case "step_done":
      return { ...base, agent_name: agent, agentName: agent, message: event.summary, detail: event.summary };
    case "progress": {
      const name = PROGRESS_AGENTS[String(event.task)] ?? "系统";
      return { ...base, agent_name: name, agentName: name, message: event.message ?? event.task };
    }
    case "materials_ready": {
      const materials = (event.materials as Material[]).map(briefMaterial);
      return { ...base, agentName: "研究院", agent_name: "研究院", materials, materialSummary: event.summary, message: `研究院搜集到 ${materials.length} 条素材` };
    }
    case "outline_ready": {
      const outline = briefOutline(event.outline as Outline);
      return { ...base, agentName: "作家", agent_name: "作家", outline, message: `作家已规划 ${outline.sections.length} 个章节` };
    }
    case "outline_confirmed":
      // Not `outline_ready`: the brief's clients read that as "awaiting outline confirmation".
      return { ...base, agentName: "系统", agent_name: "系统", message: `已按确认的大纲写作：${(event.outline as Outline).sections.length} 个章节` };
    case "draft_chunk":
      return { ...base, agentName: "作家", agent_name: "作家", draftMarkdown: event.text, message: `第 ${Number(event.sectionIndex) + 1} 节` };
    case "draft_ready":
      return {
        ...base,
        agentName: "作家",
        agent_name: "作家",
        draftMarkdown: event.markdown,
        draftTitle: event.title ?? "",
        revision_count: event.revision_count ?? 0,
        revisionCount: event.revision_count ?? 0,
        message: `草稿第 ${(event.version as { number?: number } | undefined)?.number ?? ""} 版已完成`,
      };
    case "review_ready": {
      const review = event.review as Review;
      const result = briefReviewResult(review);
      return { ...base, agentName: "编辑", agent_name: "编辑", review_result: result, reviewResult: briefReviewResultCamel(review), message: `编辑审核完成，综合评分 ${result.overall_score}` };
    }
    case "await_user": {
      const context = briefContext(isRecord(event.context) ? event.context : {});
      const spread = Object.fromEntries(Object.entries(context).filter(([key]) => !(key in base)));
      const pausePoint = String(event.pausePoint);
      const message = typeof context.message === "string" ? context.message : (BRIEF_PAUSE_MESSAGES[pausePoint] ?? "");
      return { ...spread, ...base, agentName: "系统", agent_name: "系统", pause_point: pausePoint, pauseContext: context, message };
    }
    case "resumed":
      return { ...base, agentName: "系统", agent_name: "系统", message: briefResumeMessage(String(event.pausePoint), String(event.action)) };
    case "done":
      return { ...base, agentName: "系统", agent_name: "系统", message: event.summary };
    case "error":
      return { ...base, agentName: "系统", agent_name: "系统", message: (event.error as { message?: string } | undefined)?.message ?? "error" };
    default:
      return { ...base, message: typeof event.message === "string" ? event.message : event.type };
  }
}

/** The brief's start defaults (§7.4 `StartWritingRequest`) for a field the user left out. */
export const BRIEF_DEFAULTS = { article_type: "analysis", target_audience: "普通读者", word_count_target: 800 } as const;

/** The brief's `AIWritingState` names (§6.1) that `GET /state` lifts to the top level, as its `state.values`. */
export const BRIEF_STATE_FIELDS = [
  "user_intent",
  "article_type",
  "target_audience",
  "word_count_target",
  "material_package",
  "current_outline",
  "drafts",
  "current_draft",
  "review_result",
  "revision_count",
  "max_revisions",
  "status",
] as const;

/** `GET /api/ai-writing/{id}/state`'s brief fields from the public state (`values`). */
export function articleBriefState(values: Wire): Wire {
  return Object.fromEntries(BRIEF_STATE_FIELDS.filter((key) => key in values).map((key) => [key, values[key]]));
}
