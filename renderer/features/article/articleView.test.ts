import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { EngineEvent, EventDraft } from "../../../shared/events.js";
import type { Review } from "../../../shared/workflows/article.js";
import { applyEvents } from "../../store/applyEvent.js";
import { emptySessionView } from "../../store/sessionView.js";
import { articleReducer, type ArticleView } from "./articleView.js";
import { articleMessages } from "./messages.js";

const lookup = (workflow: string) => (workflow === "article" ? articleReducer : undefined);
const log = (drafts: EventDraft[]): EngineEvent[] => drafts.map((d, i) => ({ ...d, seq: i + 1, sessionId: "s1", ts: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString() }) as EngineEvent);

const material = { id: "m001", title: "标题", content: "摘要", source: "本地资料", published_at: "2024-05-01", relevance_score: 0.9, source_type: "library", url: null, recUuid: null };
const review: Review = { facts: { score: 70, issues: [] }, logic: { score: 85, issues: [] }, language: { score: 90, issues: [] }, overall: 80, threshold: 80, verdict: "pass", round: 0 };

const articleLog = log([
  { type: "connected", workflow: "article" },
  { type: "step_start", step: "researcher", agent: "researcher", label: "检索素材" },
  { type: "materials_ready", materials: [material], keywords: ["本地模型"], summary: "精选 1 条" },
  { type: "outline_ready", outline: { title: "离线写作", sections: [{ section_title: "背景", key_points: ["a"], material_ids: ["m001"] }] } },
  { type: "draft_ready", version: { number: 1, reason: "initial", created_at: "x", scores: null, chars: 4 }, markdown: "# 稿" },
  { type: "review_ready", review },
]);

describe("the article's reducer", () => {
  it("folds materials, outline and review into the article view, and puts the review in the timeline", () => {
    const view = applyEvents(emptySessionView("s1"), articleLog, lookup);
    const article = view.workflowView as ArticleView;
    expect(article.materials.map((m) => m.id)).toEqual(["m001"]);
    expect(article.keywords).toEqual(["本地模型"]);
    expect(article.materialsSummary).toBe("精选 1 条");
    expect(article.outline?.sections).toHaveLength(1);
    expect(article.review?.overall).toBe(80);
    const entry = view.timeline.find((e) => e.kind === "event");
    expect(entry?.kind === "event" && entry.event.type).toBe("review_ready");
    // The core fields are the core fold's.
    expect(view.draft).toBe("# 稿");
  });

  it("is idempotent under replay, the article view included", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: articleLog.length }), fc.integer({ min: 0, max: articleLog.length }), (a, b) => {
        const live = applyEvents(emptySessionView("s1"), articleLog.slice(0, Math.max(a, b)), lookup);
        expect(applyEvents(live, articleLog.slice(Math.min(a, b)), lookup)).toEqual(applyEvents(emptySessionView("s1"), articleLog, lookup));
      }),
    );
  });

  it("keeps the brief's exact Chinese button texts", () => {
    const zh = articleMessages["zh-CN"];
    expect(zh["article.materials.confirm"]).toBe("确认素材，开始规划大纲");
    expect(zh["article.materials.noneConfirm"]).toBe("不使用任何素材直接写作？");
    expect(zh["article.outline.confirm"]).toBe("确认大纲，开始写作");
  });
});
