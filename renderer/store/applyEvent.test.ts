import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { EngineEvent, EventDraft } from "../../shared/events.js";
import type { Review } from "../../shared/workflows/article.js";
import { applyEvent, applyEvents, streamRate, workedSeconds } from "./applyEvent.js";
import { emptySessionView } from "./sessionView.js";

const SID = "s1";

function log(drafts: EventDraft[], startTs = Date.parse("2025-01-01T00:00:00Z")): EngineEvent[] {
  return drafts.map((draft, i) => ({ ...draft, seq: i + 1, sessionId: SID, ts: new Date(startTs + i * 500).toISOString() }) as EngineEvent);
}

const material = (id: string, score: number) => ({
  id,
  title: `标题 ${id}`,
  content: "摘要",
  source: "本地资料",
  published_at: "2024-05-01",
  relevance_score: score,
  source_type: "library",
  url: null,
  recUuid: null,
});

const review: Review = {
  facts: { score: 70, issues: [{ severity: "major", location: "第 1 节", issue: "数据无来源", suggestion: "补充引用" }] },
  logic: { score: 85, issues: [] },
  language: { score: 90, issues: [{ severity: "minor", location: "标题", issue: "略长", suggestion: "缩短" }] },
  overall: 80,
  threshold: 80,
  verdict: "reject",
  round: 0,
};

const articleLog = log([
  { type: "connected", workflow: "article" },
  { type: "step_start", step: "intent_parser", agent: "system", label: "解析意图" },
  { type: "step_done", step: "intent_parser", agent: "system", summary: "分析类文章", durationMs: 10 },
  { type: "step_start", step: "researcher", agent: "researcher", label: "检索素材" },
  { type: "materials_ready", materials: [material("m001", 0.9), material("m002", 0.4)], keywords: ["本地模型"], summary: "共搜索到 5 条素材，精选 2 条" },
  { type: "step_done", step: "researcher", agent: "researcher", summary: "精选 2 条", durationMs: 20 },
  { type: "await_user", pausePoint: "material_confirm", allowedActions: ["confirm", "re_search"], context: { pause_point: "material_confirm", allowed_actions: ["confirm", "re_search"] } },
  { type: "resumed", pausePoint: "material_confirm", action: "confirm" },
  { type: "step_start", step: "writer_outline", agent: "writer", label: "规划大纲" },
  { type: "outline_ready", outline: { title: "离线写作", sections: [{ section_title: "背景", key_points: ["a"], material_ids: ["m001"] }, { section_title: "实践", key_points: [], material_ids: [] }] } },
  { type: "step_done", step: "writer_outline", agent: "writer", summary: "2 节", durationMs: 30 },
  { type: "await_user", pausePoint: "outline_confirm", allowedActions: ["confirm", "re_outline"], context: {} },
  { type: "resumed", pausePoint: "outline_confirm", action: "confirm" },
  { type: "step_start", step: "writer_draft", agent: "writer", label: "撰写初稿" },
  { type: "draft_chunk", sectionIndex: 1, text: "## 实践\n" },
  { type: "draft_chunk", sectionIndex: 0, text: "## 背景\n" },
  { type: "draft_chunk", sectionIndex: 0, text: "正文[m001]" },
]);

describe("applyEvent", () => {
  it("closes a step a restart cut as interrupted, and the re-run beside it finishes normally", () => {
    const view = applyEvents(
      emptySessionView(SID),
      log([
        { type: "connected", workflow: "article" },
        { type: "step_start", step: "writer_draft", agent: "writer", label: "撰写初稿" },
        { type: "step_done", step: "writer_draft", agent: "writer", summary: "Interrupted by a restart.", durationMs: 900, interrupted: true },
        { type: "step_start", step: "writer_draft", agent: "writer", label: "撰写初稿" },
        { type: "step_done", step: "writer_draft", agent: "writer", summary: "v1", durationMs: 20 },
      ]),
    );
    const steps = view.timeline.filter((e) => e.kind === "step");
    expect(steps.map((s) => [s.status, s.interrupted ?? false, s.summary])).toEqual([
      ["stopped", true, null],
      ["done", false, "v1"],
    ]);
  });

  it("marks steps left open by a failure as stopped, never as done", () => {
    const view = applyEvents(emptySessionView(SID), log([
      { type: "connected", workflow: "article" },
      { type: "step_start", step: "writer_draft", agent: "writer", label: "撰写初稿" },
      { type: "error", error: { code: "internal", message: "boom" } },
    ]));
    expect(view.timeline.find((e) => e.kind === "step")).toMatchObject({ status: "stopped", summary: null });
  });

  it("counts working time only: the clock stops at a pause and the end, and starts again on the answer", () => {
    // Events 500 ms apart: connected 0, step 0.5–1.0, pause at 1.5, answer at 2.0, done at 3.0.
    const events = log([
      { type: "connected", workflow: "article" },
      { type: "step_start", step: "researcher", agent: "researcher", label: "检索" },
      { type: "step_done", step: "researcher", agent: "researcher", summary: "ok", durationMs: 500 },
      { type: "await_user", pausePoint: "material_confirm", allowedActions: ["confirm"], context: {} },
      { type: "resumed", pausePoint: "material_confirm", action: "confirm" },
      { type: "step_start", step: "writer_outline", agent: "writer", label: "大纲" },
      { type: "done", summary: "ok" },
    ]);
    const paused = applyEvents(emptySessionView(SID), events.slice(0, 4));
    const farLater = Date.parse(events[0]!.ts) + 3_600_000;
    expect(workedSeconds(paused, farLater)).toBe(1.5);
    const resumed = applyEvents(paused, events.slice(4, 6));
    expect(workedSeconds(resumed, Date.parse(events[5]!.ts))).toBe(2);
    expect(workedSeconds(applyEvents(resumed, events.slice(6)), farLater)).toBe(2.5);
  });

  it("reads a deliberate stop (an aborted error) as cancelled, any other error as error", () => {
    const stopped = applyEvents(emptySessionView(), log([{ type: "connected", workflow: "article" }, { type: "error", error: { code: "aborted", message: "Cancelled." } }]));
    expect(stopped.status).toBe("cancelled");
    const failed = applyEvents(emptySessionView(), log([{ type: "connected", workflow: "article" }, { type: "error", error: { code: "internal", message: "boom" } }]));
    expect(failed.status).toBe("error");
  });

  it("builds the timeline and streaming draft from the log, leaving the article's own events to its reducer", () => {
    const view = applyEvents(emptySessionView(SID), articleLog);
    expect(view.workflow).toBe("article");
    expect(view.status).toBe("running");
    expect(view.lastSeq).toBe(articleLog.length);
    // No reducer registered for "article" here: its own events change nothing but lastSeq.
    expect(view.workflowView).toBeUndefined();
    expect(view.streamingSections).toEqual(["## 背景\n正文[m001]", "## 实践\n"]);
    const steps = view.timeline.filter((e) => e.kind === "step");
    expect(steps.map((s) => [s.step, s.status])).toEqual([
      ["intent_parser", "done"],
      ["researcher", "done"],
      ["writer_outline", "done"],
      ["writer_draft", "running"],
    ]);
    const pauses = view.timeline.filter((e) => e.kind === "pause");
    expect(pauses.map((p) => p.resolvedAction)).toEqual(["confirm", "confirm"]);
    expect(view.pause).toBeNull();
  });

  it("opens a pause with its context and closes it on resume", () => {
    const paused = applyEvents(emptySessionView(SID), log([
      { type: "connected", workflow: "article" },
      { type: "draft_ready", version: { number: 1, reason: "initial", created_at: "x", scores: null, chars: 4 }, markdown: "# 稿" },
      { type: "review_ready", review },
      { type: "await_user", pausePoint: "draft_confirm", allowedActions: ["finalize", "user_revise", "to_editor"], context: { pause_point: "draft_confirm", allowed_actions: [], force_accepted_after: 3, draft: "# 稿 v2" } },
    ]));
    expect(paused.status).toBe("paused");
    expect(paused.pause?.pausePoint).toBe("draft_confirm");
    expect(paused.pause?.context.force_accepted_after).toBe(3);
    expect(paused.draft).toBe("# 稿 v2");
    expect(paused.timeline.some((e) => e.kind === "event")).toBe(false);
    const resumed = applyEvent(paused, { type: "resumed", pausePoint: "draft_confirm", action: "finalize", seq: 5, sessionId: SID, ts: "t" });
    expect(resumed.status).toBe("running");
    expect(resumed.pause).toBeNull();
    const done = applyEvent(resumed, { type: "done", summary: "第 2 稿定稿", seq: 6, sessionId: SID, ts: "t" });
    expect(done.status).toBe("done");
    expect(done.doneSummary).toBe("第 2 稿定稿");
  });

  it("replaces the streamed sections with the full draft on draft_ready", () => {
    const view = applyEvents(emptySessionView(SID), [
      ...articleLog,
      { type: "draft_ready", seq: articleLog.length + 1, sessionId: SID, ts: "t", version: { number: 1, reason: "initial", created_at: "t", scores: null, chars: 10 }, markdown: "# 全文" },
    ]);
    expect(view.streamingSections).toBeNull();
    expect(view.draft).toBe("# 全文");
    expect(view.version?.number).toBe(1);
  });

  it("records errors and stops running steps", () => {
    const view = applyEvents(emptySessionView(SID), log([
      { type: "step_start", step: "researcher", agent: "researcher", label: "检索" },
      { type: "error", error: { code: "model_missing", message: "no model" } },
    ]));
    expect(view.status).toBe("error");
    expect(view.error?.code).toBe("model_missing");
    expect(view.timeline.every((e) => e.kind !== "step" || e.status === "stopped")).toBe(true);
  });

  it("accumulates chat tokens and measures the stream rate from event times", () => {
    const view = applyEvents(emptySessionView(SID), log([
      { type: "step_start", step: "chat", agent: "writer", label: "回答" },
      { type: "token", step: "chat", text: "你" },
      { type: "token", step: "chat", text: "好" },
      { type: "token", step: "chat", text: "！" },
    ]));
    expect(view.tokenText).toBe("你好！");
    // Three tokens 500 ms apart: two intervals over one second.
    expect(streamRate(view.rate)).toBeCloseTo(2, 5);
  });

  it("ignores events of other sessions", () => {
    const view = emptySessionView(SID);
    const other = applyEvent(view, { type: "connected", workflow: "chat", seq: 1, sessionId: "other", ts: "t" });
    expect(other).toBe(view);
  });

  it("is idempotent under replay: any overlap of the log with itself gives the same view", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: articleLog.length }), fc.integer({ min: 0, max: articleLog.length }), (a, b) => {
        const cut = Math.min(a, b);
        const replayFrom = Math.max(a, b);
        // A live prefix, then a reconnect that replays from an earlier cursor, then the rest.
        const live = applyEvents(emptySessionView(SID), articleLog.slice(0, replayFrom));
        const replayed = applyEvents(live, articleLog.slice(cut));
        expect(replayed).toEqual(applyEvents(emptySessionView(SID), articleLog));
      }),
    );
  });
});

describe("thinking and the session's own model", () => {
  it("keeps the session's model, its thoughts apart from the reply, and marks the step whose thought was cut", () => {
    const view = applyEvents(
      emptySessionView(SID),
      log([
        { type: "connected", workflow: "chat", model: "gateway/model-b", thinking: "budget" },
        { type: "step_start", step: "reply", agent: "writer", label: "Reply" },
        { type: "thought", step: "reply", text: "let me think" },
        { type: "token", step: "reply", text: "Forty-two." },
        { type: "thinking_cut", step: "reply", budgetTokens: 450, tokens: 460 },
        { type: "step_done", step: "reply", agent: "writer", summary: "3 tokens", durationMs: 5 },
      ]),
    );
    expect(view).toMatchObject({ model: "gateway/model-b", thinking: "budget", tokenText: "Forty-two.", thoughtText: "let me think" });
    expect(view.timeline[0]).toMatchObject({ kind: "step", step: "reply", status: "done", thinkingCut: 450 });
  });
});
