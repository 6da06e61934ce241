import fs from "node:fs";
import { EventSource as NodeEventSource } from "eventsource";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resumeWriting, startWritingSession, subscribeToProgress } from "../fixtures/briefClient/api/ai-writing.js";
import type { AIMaterial, AIOutline, AIWritingState, ProgressEvent, ReviewResult } from "../fixtures/briefClient/types/ai-writing.js";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ArticleScriptLlm, FakeSearch } from "../../electron/engine/testing/articleTestKit.js";
import { tempDataDir } from "../../electron/engine/testing/engineTestKit.js";
import { createServer } from "../../electron/server/createServer.js";
import type { ScriptoriumServer } from "../../electron/server/createServer.js";

/**
 * The product brief's own front end, unchanged: its api module and types (§6.2, §8.1, copied into
 * tests/fixtures/briefClient) drive an article over HTTP on 127.0.0.1 through every pause and
 * action, and every field its types declare is checked on every event it receives, beside the
 * snake_case names of its §6.1 / §12, and on `GET /state`. The page origin and the token are what
 * a page served by Scriptorium has: relative URLs resolve against the server, fetch carries the
 * Bearer token, EventSource the `?token=` query (it cannot send headers).
 */
const TOKEN = "brief-client-token-01";
const dir = tempDataDir("scriptorium-brief-");
const llm = new ArticleScriptLlm();
const search = new FakeSearch();
let engine: Engine;
let server: ScriptoriumServer;

beforeAll(async () => {
  const installed = [{ id: "qwen2.5-3b-instruct-q4_k_m.gguf", path: "/m/qwen.gguf", sizeBytes: 1, architecture: "qwen2", contextLength: 4096, hasChatTemplate: true, fit: "green" as const }];
  engine = await createEngine({
    dataDir: dir,
    llm,
    search,
    appVersion: "test",
    eventFlushIntervalMs: 5,
    // A models port that lists one installed GGUF (the brief's model_name is checked against it).
    models: { list: async () => ({ installed, catalog: [], loaded: null, warnings: [] }) } as never,
    providers: {
      list: async () => ({ providers: [] }),
      health: async () => ({ providers: [{ name: "library", source_type: "library", ok: true, message: "12 chunks", elapsedMs: 3 }, { name: "intranet", source_type: "intranet", ok: false, message: "connect ECONNREFUSED", elapsedMs: 5 }] }),
    } as never,
  });
  server = await createServer({ api: engine, token: TOKEN, port: 0 });
});
afterAll(async () => {
  await server?.close();
  await engine?.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Data = Record<string, any>;
const headers = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };
const realFetch = globalThis.fetch;

/** What a same-origin page gives the brief's client: relative URLs on the server, the token on every request. */
function servePageGlobals(base: string): () => void {
  const saved = { fetch: globalThis.fetch, EventSource: (globalThis as Data).EventSource };
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    if (typeof input !== "string" || !input.startsWith("/")) return realFetch(input, init);
    return realFetch(`${base}${input}`, { ...init, headers: { ...(init?.headers as Record<string, string>), Authorization: `Bearer ${TOKEN}` } });
  }) as typeof fetch;
  (globalThis as Data).EventSource = class extends NodeEventSource {
    constructor(url: string) {
      super(`${base}${url}${url.includes("?") ? "&" : "?"}token=${TOKEN}`, { fetch: realFetch });
    }
  };
  return () => {
    globalThis.fetch = saved.fetch;
    (globalThis as Data).EventSource = saved.EventSource;
  };
}

/** The body of the brief's `useAIWriting` `handleEvent` (§8.2), verbatim: how its UI state follows the stream. */
function handleEvent(prev: AIWritingState, event: ProgressEvent): AIWritingState {
  const base = { ...prev, progressEvents: [...prev.progressEvents, event] };
  switch (event.type) {
    case "materials_ready":
      return { ...base, materials: event.materials ?? [], status: "awaiting_material_confirm", currentPause: event };
    case "outline_ready":
      return { ...base, outline: event.outline ?? null, status: "awaiting_outline_confirm", currentPause: event };
    case "draft_ready":
      return {
        ...base,
        currentDraftMarkdown: event.draftMarkdown ?? "",
        currentDraftTitle: event.draftTitle ?? "",
        revisionCount: event.revisionCount ?? 0,
        status: "awaiting_draft_confirm",
        currentPause: event,
      };
    case "review_ready":
      return { ...base, reviewResult: event.reviewResult ?? null };
    case "await_user":
      return { ...base, status: `awaiting_${event.pausePoint ?? "unknown"}` as AIWritingState["status"], currentPause: event };
    case "resumed":
      return { ...base, currentPause: null };
    case "done":
      return { ...base, status: "done", currentPause: null };
    case "error":
      return { ...base, status: "error", error: event.message ?? "未知错误" };
    default:
      return base;
  }
}

/** The brief's client subscribes to `progress` though its `ProgressEventType` does not list it (the brief's own slip). */
const isProgress = (e: ProgressEvent) => (e.type as string) === "progress";

const AGENT_NAMES = ["研究院", "作家", "编辑", "系统"];
const PAUSE_POINTS = ["material_confirm", "outline_confirm", "draft_confirm", "review_confirm"];

function expectMaterial(m: AIMaterial & Data): void {
  expect(m).toMatchObject({ id: expect.stringMatching(/^m\d{3}$/), title: expect.any(String), content: expect.any(String), source: expect.any(String), publishedAt: expect.any(String) });
  expect(m.relevanceScore).toBeGreaterThanOrEqual(0);
  expect(m.relevanceScore).toBeLessThanOrEqual(1);
  expect(["internet", "intranet"]).toContain(m.sourceType);
  // §6.1's names beside them.
  expect(m).toMatchObject({
    published_at: m.publishedAt,
    relevance_score: m.relevanceScore,
    source_type: m.sourceType,
    url: expect.any(String),
    recUuid: expect.any(String),
  });
  // The project's own beside them: the provider's source type and the researcher's ranking.
  expect(m).toMatchObject({ origin: "library", rank: expect.any(Number) });
}

function expectOutline(o: AIOutline & Data): void {
  expect(o.title).toEqual(expect.any(String));
  expect(o.sections.length).toBeGreaterThan(0);
  for (const s of o.sections as Array<AIOutline["sections"][number] & Data>) {
    expect(s).toMatchObject({ sectionTitle: expect.any(String), keyPoints: expect.any(Array), materialIds: expect.any(Array) });
    expect(s).toMatchObject({ section_title: s.sectionTitle, key_points: s.keyPoints, material_ids: s.materialIds });
  }
}

function expectReview(r: ReviewResult, snake: Data): void {
  expect(["pass", "reject"]).toContain(r.verdict);
  for (const key of ["factScore", "logicScore", "languageScore", "overallScore", "passThreshold"] as const) expect(Number.isInteger(r[key])).toBe(true);
  for (const note of r.revisionNotes) {
    expect(["fact", "logic", "language"]).toContain(note.category);
    expect(["major", "minor"]).toContain(note.severity);
    expect(note).toMatchObject({ location: expect.any(String), issue: expect.any(String), suggestion: expect.any(String) });
  }
  expect(snake).toEqual({
    verdict: r.verdict,
    fact_score: r.factScore,
    logic_score: r.logicScore,
    language_score: r.languageScore,
    overall_score: r.overallScore,
    pass_threshold: r.passThreshold,
    revision_notes: r.revisionNotes,
  });
}

/** Every field the brief's `ProgressEvent` declares for this event's type, and §12's snake_case names. */
function expectBriefEvent(event: ProgressEvent & Data, sessionId: string): void {
  expect(event.sessionId).toBe(sessionId);
  expect(event.session_id).toBe(sessionId);
  expect(event.message).toEqual(expect.any(String));
  expect(event.message.length).toBeGreaterThan(0);
  expect(AGENT_NAMES).toContain(event.agentName);
  expect(event.agent_name).toBe(event.agentName);
  switch (event.type) {
    case "materials_ready":
      expect(event.materials!.length).toBeGreaterThan(0);
      event.materials!.forEach(expectMaterial);
      expect(event.keywords!.length).toBeGreaterThan(0);
      expect(event.materialSummary).toEqual(expect.any(String));
      expect(event.summary).toBe(event.materialSummary);
      break;
    case "outline_ready":
      expectOutline(event.outline!);
      break;
    case "draft_ready":
      expect(event.draftMarkdown).toContain("## ");
      expect(event.draftTitle).toEqual(expect.any(String));
      expect(Number.isInteger(event.revisionCount)).toBe(true);
      expect(event).toMatchObject({ title: event.draftTitle, markdown: event.draftMarkdown, revision_count: event.revisionCount });
      break;
    case "review_ready":
      expectReview(event.reviewResult!, event.review_result);
      break;
    case "await_user": {
      expect(PAUSE_POINTS).toContain(event.pausePoint);
      expect(event.pause_point).toBe(event.pausePoint);
      const context = event.pauseContext as Data;
      expect(context).toMatchObject({ pause_point: event.pausePoint, message: event.message });
      if (event.pausePoint === "material_confirm") {
        context.materials.forEach(expectMaterial);
        expect(context).toMatchObject({ keywords: expect.any(Array), summary: expect.any(String) });
      }
      if (event.pausePoint === "outline_confirm") expectOutline(context.outline);
      if (event.pausePoint === "draft_confirm") expect(context).toMatchObject({ draft_title: expect.any(String), revision_count: expect.any(Number) });
      if (event.pausePoint === "review_confirm") {
        expect(context).toMatchObject({ revision_count: expect.any(Number), max_revisions: 3 });
        expectReview(context.reviewResult, context.review_result);
      }
      // The brief's Python puts the context at the top level of the data (§7.4 `**data`).
      for (const key of Object.keys(context).filter((k) => k !== "message")) expect(event[key]).toEqual(context[key]);
      break;
    }
    default:
      break;
  }
}

/** `GET /state`: the brief's `AIWritingState` (§6.1), its status word first. */
async function expectBriefState(sessionId: string, status: string): Promise<Data> {
  const state = (await (await realFetch(`${server.url}/api/ai-writing/${sessionId}/state`, { headers })).json()) as Data;
  expect(state.status).toBe(status);
  expect(state).toMatchObject({
    session_id: sessionId,
    user_intent: expect.any(String),
    article_type: expect.stringMatching(/^(news|analysis|feature|report)$/),
    target_audience: expect.any(String),
    word_count_target: expect.any(Number),
    revision_count: expect.any(Number),
    max_revisions: 3,
  });
  expect(state.material_package).toMatchObject({ keywords: expect.any(Array), materials: expect.any(Array), summary: expect.any(String) });
  expect(Array.isArray(state.drafts)).toBe(true);
  for (const draft of state.drafts)
    expect(draft).toMatchObject({
      title: expect.any(String),
      full_markdown: expect.any(String),
      word_count: expect.any(Number),
      revision_count: expect.any(Number),
    });
  if (state.drafts.length)
    expect(state.current_draft).toMatchObject({
      title: expect.any(String),
      outline: expect.any(Object),
      full_markdown: expect.any(String),
      word_count: expect.any(Number),
      revision_count: state.revision_count,
    });
  else expect(state.current_draft).toBeNull();
  expect(state).toHaveProperty("current_outline");
  expect(state).toHaveProperty("review_result");
  return state;
}

describe("the brief's own client (§6.2 types, §8.1 api module, §8.2 hook), unchanged", () => {
  it("start → every pause and action → force_finalize with override_verdict true → done", async () => {
    const restore = servePageGlobals(server.url);
    const events: ProgressEvent[] = [];
    let ui: AIWritingState = { sessionId: null, status: "idle", progressEvents: [], materials: [], outline: null, currentDraftMarkdown: "", currentDraftTitle: "", reviewResult: null, revisionCount: 0, currentPause: null, error: null };
    let unsubscribe = () => {};
    try {
      const id = await startWritingSession({ userIntent: "写一篇关于本地大模型的分析文章", articleType: "analysis", targetAudience: "工程师", wordCountTarget: 900 });
      ui = { ...ui, sessionId: id, status: "researching" };
      unsubscribe = subscribeToProgress(id, (event) => {
        expectBriefEvent(event as ProgressEvent & Data, id);
        events.push(event);
        ui = handleEvent(ui, event);
      });
      /** Wait for the `n`-th await_user (1-based) or done, then check the hook's status and /state. */
      let pauses = 0;
      const nextPause = async (pausePoint: string): Promise<ProgressEvent & Data> => {
        pauses += 1;
        await expect.poll(() => events.filter((e) => e.type === "await_user" || e.type === "done" || e.type === "error").length, { timeout: 15_000 }).toBe(pauses);
        const last = events.at(-1) as ProgressEvent & Data;
        expect(last).toMatchObject({ type: "await_user", pausePoint });
        expect(ui.status).toBe(`awaiting_${pausePoint}`);
        expect(ui.currentPause).toBe(last);
        await expectBriefState(id, `awaiting_${pausePoint}`);
        return last;
      };
      const sinceLastPause = () => events.slice(events.findLastIndex((e, i) => i < events.length - 1 && e.type === "await_user") + 1);

      // PAUSE-1: search again with an extra keyword, then confirm two materials.
      let pause = await nextPause("material_confirm");
      expect(ui.materials.length).toBeGreaterThan(0);
      const firstCount = ui.materials.length;
      await resumeWriting(id, { action: "re_search", extraKeywords: ["gamma"] });
      pause = await nextPause("material_confirm");
      expect(sinceLastPause().map((e) => e.message)).toContain("重新搜索中...");
      expect(search.queries).toContain("gamma");
      expect(ui.materials.length).toBeGreaterThan(firstCount);
      await resumeWriting(id, { action: "confirm", approvedMaterialIds: ["m001", "m002"] });

      // PAUSE-2: re-plan with feedback, then confirm the outline the user edited (camelCase, as the brief's UI holds it).
      pause = await nextPause("outline_confirm");
      expect(sinceLastPause().some((e) => isProgress(e) && e.message === "用户已确认素材，开始规划大纲")).toBe(true);
      await resumeWriting(id, { action: "re_outline", outlineFeedback: "多写成本" });
      pause = await nextPause("outline_confirm");
      expect(sinceLastPause().some((e) => isProgress(e) && e.message === "重新规划大纲（意见：多写成本）")).toBe(true);
      expect(llm.callsOf("writer", "outline").at(-1)?.prompt).toContain("多写成本");
      const edited: AIOutline = { ...ui.outline!, title: "本地大模型" };
      await resumeWriting(id, { action: "confirm", editedOutline: edited });

      // PAUSE-3: revise with the user's notes, then send to the editor (who rejects).
      pause = await nextPause("draft_confirm");
      expect(ui.currentDraftTitle).toBe("本地大模型");
      expect(ui.currentDraftMarkdown).toContain("# 本地大模型");
      expect(pause.pauseContext).toMatchObject({ draft_title: "本地大模型", revision_count: 0 });
      // Before the first review the brief's PAUSE-3 payload has `review_result: null` (the key, not its absence).
      expect(pause.pauseContext).toHaveProperty("review_result", null);
      expect(pause).toHaveProperty("review_result", null);
      await resumeWriting(id, { action: "user_revise", userRevisionNotes: "更简洁" });
      pause = await nextPause("draft_confirm");
      expect(sinceLastPause().some((e) => isProgress(e) && e.message === "按用户意见重写（更简洁）")).toBe(true);
      llm.editor = { score: 55, issues: [{ severity: "major", location: "第二段", issue: "论点跳跃", suggestion: "增加过渡句" }] };
      await resumeWriting(id, { action: "to_editor" });

      // PAUSE-4 three times: accept the review, then a custom revision, then force-finalize.
      pause = await nextPause("review_confirm");
      expect(ui.reviewResult).toMatchObject({ verdict: "reject", overallScore: 55, passThreshold: expect.any(Number) });
      expect(ui.reviewResult!.revisionNotes[0]).toMatchObject({ category: "fact", severity: "major", location: "第二段", issue: "论点跳跃", suggestion: "增加过渡句" });
      expect((await expectBriefState(id, "awaiting_review_confirm")).review_result).toMatchObject({ verdict: "reject", overall_score: 55 });
      await resumeWriting(id, { action: "accept_review" });
      pause = await nextPause("draft_confirm");
      expect(ui.revisionCount).toBe(1);
      await resumeWriting(id, { action: "to_editor" });
      pause = await nextPause("review_confirm");
      await resumeWriting(id, { action: "custom_revise", userRevisionNotes: "加一个例子" });
      pause = await nextPause("draft_confirm");
      expect(ui.revisionCount).toBe(2);
      expect(sinceLastPause().some((e) => isProgress(e) && e.message?.startsWith("按编辑意见与用户意见重写"))).toBe(true);
      await resumeWriting(id, { action: "to_editor" });
      pause = await nextPause("review_confirm");
      expect(pause.pauseContext).toMatchObject({ revision_count: 2, max_revisions: 3 });
      await resumeWriting(id, { action: "force_finalize", overrideVerdict: true });

      await expect.poll(() => ui.status, { timeout: 15_000 }).toBe("done");
      expect(events.at(-1)).toMatchObject({ type: "done", message: expect.stringMatching(/^定稿：第 4 版，\d+ 字$/) });
      expect(events.some((e) => isProgress(e) && e.message === "用户强制定稿")).toBe(true);
      const final = await expectBriefState(id, "done");
      expect(final.drafts.length).toBe(4);
      expect(final.current_draft).toMatchObject({ title: "本地大模型", revision_count: 2 });
      expect(final).toMatchObject({ article_type: "analysis", target_audience: "工程师", word_count_target: 900, user_intent: "写一篇关于本地大模型的分析文章" });
      expect(ui.error).toBeNull();
      expect(events.map((e) => e.type as string)).toEqual(expect.arrayContaining(["progress", "materials_ready", "outline_ready", "draft_ready", "review_ready", "await_user", "resumed", "done"]));
    } finally {
      unsubscribe();
      restore();
    }
  });

  it("accepts the brief's full resume body at every pause; a foreign field with a value, or an unknown key, is a 400 naming it", async () => {
    const started = (await (await realFetch(`${server.url}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "本地模型", model_name: "" }) })).json()) as Data;
    expect(started).toMatchObject({ session_id: expect.any(String), message: "写作流程已启动" });
    const id = started.session_id as string;
    const state = async () => (await (await realFetch(`${server.url}/api/ai-writing/${id}/state`, { headers })).json()) as Data;
    await expect.poll(async () => (await state()).status, { timeout: 15_000 }).toBe("awaiting_material_confirm");
    // The brief's defaults for what the start body left out (its `model_name: ""` is "none"), said so in the timeline.
    expect(await state()).toMatchObject({ article_type: "analysis", target_audience: "普通读者", word_count_target: 800 });
    const intentStep = (await engine.call("events.list", { sessionId: id })).events.find((e) => e.type === "step_done" && e.step === "intent_parser") as Data;
    expect(intentStep.summary).toContain("分析（默认）");
    expect(intentStep.summary).toContain("普通读者（默认）");
    const all = { approved_material_ids: [], extra_keywords: [], edited_outline: null, outline_feedback: "", user_revision_notes: "", override_verdict: false };
    const post = (body: Data) => realFetch(`${server.url}/api/ai-writing/${id}/resume`, { method: "POST", headers, body: JSON.stringify(body) });
    const refused = async (body: Data, text: string) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Data).error.message).toContain(text);
      expect((await state()).status).toBe("awaiting_material_confirm");
    };
    await refused({ ...all, action: "confirm", outline_feedback: "shorter" }, "outline_feedback is not used by action confirm at material_confirm");
    await refused({ ...all, action: "confirm", override_verdict: true }, "override_verdict is not used");
    await refused({ ...all, action: "confirm", colour: "red" }, "colour");
    await refused({ ...all, action: "confirm", extra_keywords: false }, "extra_keywords is not used");
    const ok = await post({ ...all, action: "confirm", approved_material_ids: ["m001"] });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ session_id: id, message: "已提交，流程恢复中" });
    await expect.poll(async () => (await state()).status, { timeout: 15_000 }).toBe("awaiting_outline_confirm");
  });

  it("rejects the brief's start body with a clear 400 when user_intent is empty, and an unknown field type", async () => {
    const res = await fetch(`${server.url}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "  " }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Data).error.message).toContain("intent");
    const bad = await fetch(`${server.url}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "x", word_count_target: "many" }) });
    expect(bad.status).toBe(400);
  });

  it("model_name picks an installed model for that session only; an unknown one is a 400 naming the installed ones", async () => {
    const unknown = await fetch(`${server.url}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "x", model_name: "llama-70b" }) });
    expect(unknown.status).toBe(400);
    const body = (await unknown.json()) as Data;
    expect(body.error.message).toBe('model_name "llama-70b" is not installed; installed: qwen2.5-3b-instruct-q4_k_m.gguf');
    expect((await engine.call("sessions.list", {})).sessions.some((s) => s.title === "x")).toBe(false);
    const known = await fetch(`${server.url}/api/ai-writing/start`, { method: "POST", headers, body: JSON.stringify({ user_intent: "local models", model_name: "qwen2.5-3b-instruct-q4_k_m" }) });
    expect(known.status).toBe(200);
    const { session_id: sessionId } = (await known.json()) as Data;
    // The session's own model, stored with it (its `connected` event); the app's chat model is not changed.
    expect(engine.parts.runner.llmChoiceOf(sessionId as string)).toEqual({ model: "qwen2.5-3b-instruct-q4_k_m.gguf" });
    expect((await engine.call("settings.get", {})).chatModel).toBe(null);
  });

  it("GET /api/ai-writing/health reports each search provider's health_check", async () => {
    const res = await fetch(`${server.url}/api/ai-writing/health`, { headers });
    const health = (await res.json()) as Data;
    expect(health).toMatchObject({ ok: true, workflow: "article" });
    expect(health.providers).toEqual([
      expect.objectContaining({ name: "library", health_check: { ok: true, message: "12 chunks", elapsed_ms: 3 } }),
      expect.objectContaining({ name: "intranet", health_check: { ok: false, message: "connect ECONNREFUSED", elapsed_ms: 5 } }),
    ]);
  });
});
