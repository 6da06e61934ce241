import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SessionState } from "../../../../shared/api.js";
import { PauseContextSchema } from "../../../../shared/workflows/article.js";
import type { ArticleResume } from "../../../../shared/workflows/article.js";
import type { EngineEvent } from "../../../../shared/events.js";
import { wordCount } from "../../../../shared/text/countText.js";
import { createEngine } from "../../createEngine.js";
import type { Engine } from "../../Engine.js";
import { ArticleScriptLlm, FakeSearch } from "../../testing/articleTestKit.js";

let dataDir: string;
let llm: ArticleScriptLlm;
let search: FakeSearch;
let engine: Engine;

const open = () => createEngine({ dataDir, llm, search, eventFlushIntervalMs: 5 });

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "article-engine-"));
  llm = new ArticleScriptLlm();
  search = new FakeSearch();
  engine = await open();
});
afterEach(async () => {
  await engine.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function settle(sessionId: string): Promise<SessionState> {
  await engine.parts.runner.settled(sessionId);
  return engine.call("run.state", { sessionId });
}

async function start(intent = "Write about local AI for engineers: alpha and beta"): Promise<{ id: string; state: SessionState }> {
  const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent, locale: "en" } });
  return { id: sessionId, state: await settle(sessionId) };
}

async function resume(id: string, payload: ArticleResume): Promise<SessionState> {
  await engine.call("run.resume", { sessionId: id, payload });
  return settle(id);
}

async function events(id: string): Promise<EngineEvent[]> {
  return (await engine.call("events.list", { sessionId: id, afterSeq: 0 })).events;
}

const pauseOf = (state: SessionState) => state.pause?.pausePoint;
const ctx = (state: SessionState) => PauseContextSchema.parse(state.pause?.context);

/** Run from start to PAUSE-3 with every material approved. */
async function toDraft(): Promise<{ id: string; state: SessionState }> {
  const { id } = await start();
  await resume(id, { action: "confirm" });
  const state = await resume(id, { action: "confirm" });
  return { id, state };
}

describe("article workflow through the engine", () => {
  it("runs start → PAUSE-1 → PAUSE-2 → PAUSE-3 → editor pass → finalize → done", async () => {
    const { id, state: p1 } = await start();
    expect(pauseOf(p1)).toBe("material_confirm");
    expect(p1.pause?.allowedActions).toEqual(["confirm", "re_search", "add_material"]);
    const materials = ctx(p1).materials ?? [];
    // 2 keywords × 4 hits, "shared" found by both → 7 unique, budget keeps them all.
    expect(materials.map((m) => m.id)).toEqual(["m001", "m002", "m003", "m004", "m005", "m006", "m007"]);
    const ready = (await events(id)).find((e) => e.type === "materials_ready");
    expect(ready).toMatchObject({ summary: "Found 8 materials, kept 7", keywords: ["alpha", "beta"] });

    const p2 = await resume(id, { action: "confirm", approved_material_ids: ["m001", "m003"] });
    expect(pauseOf(p2)).toBe("outline_confirm");
    // The outline keeps only approved ids: m999 (invented) and m002 (not approved) are gone.
    expect(ctx(p2).outline?.sections.map((s) => s.material_ids)).toEqual([["m001"], [], []]);

    const p3 = await resume(id, { action: "confirm" });
    expect(pauseOf(p3)).toBe("draft_confirm");
    const draft = ctx(p3).draft ?? "";
    expect(draft).toContain("## Intro");
    expect(draft).toContain("[m001]");
    expect(draft).not.toMatch(/\[m999\]|\[m002\]/);
    // Sections with no material say so instead of citing anything.
    expect(draft).toContain("No source material was available for this section");
    expect(ctx(p3).version).toBe(1);
    const chunks = (await events(id)).filter((e) => e.type === "draft_chunk");
    expect(new Set(chunks.map((e) => (e.type === "draft_chunk" ? e.sectionIndex : -1)))).toEqual(new Set([0, 1, 2]));

    const afterEditor = await resume(id, { action: "to_editor" });
    expect(pauseOf(afterEditor)).toBe("draft_confirm");
    expect(ctx(afterEditor).review).toMatchObject({ verdict: "pass", overall: 90 });
    expect(llm.callsOf("editor").map((c) => c.tag?.step).sort()).toEqual(["review_facts", "review_language", "review_logic"]);
    expect(llm.callsOf("editor", "review_facts")[0]?.prompt).toContain("[m001]");

    const done = await resume(id, { action: "finalize" });
    expect(done.session.status).toBe("done");
    expect(done.values).toMatchObject({ final: true, draft_version: 1, revision_count: 0 });
    const last = (await events(id)).at(-1);
    expect(last).toMatchObject({ type: "done", summary: expect.stringMatching(/^Final: version 1, \d+ words$/) });
    const { versions } = await engine.call("documents.versions", { sessionId: id });
    expect(versions).toMatchObject([{ number: 1, reason: "initial", scores: { overall: 90 } }]);
    const steps = (await events(id)).filter((e) => e.type === "step_done").map((e) => (e.type === "step_done" ? e.agent : ""));
    expect(new Set(steps)).toEqual(new Set(["system", "researcher", "writer", "editor"]));
  });

  it("re_search merges new hits into the package: old ids kept, duplicates skipped, numbering continues", async () => {
    const { id, state } = await start();
    const before = ctx(state).materials ?? [];
    const after = await resume(id, { action: "re_search", extra_keywords: ["gamma", "alpha"] });
    expect(pauseOf(after)).toBe("material_confirm");
    const merged = ctx(after).materials ?? [];
    expect(merged.slice(0, before.length)).toEqual(before);
    expect(merged.slice(before.length).map((m) => [m.id, m.recUuid])).toEqual([["m008", "gamma-1"], ["m009", "gamma-2"], ["m010", "gamma-3"]]);
    expect(new Set(merged.map((m) => m.recUuid)).size).toBe(merged.length);
    expect(search.queries).toEqual(["alpha", "beta", "gamma", "alpha"]);
    expect(after.values.keywords).toEqual(["alpha", "beta", "gamma"]);
  });

  it("confirm with no approved ids writes without materials and cites nothing", async () => {
    const { id } = await start();
    await resume(id, { action: "confirm", approved_material_ids: [] });
    const p3 = await resume(id, { action: "confirm" });
    const draft = ctx(p3).draft ?? "";
    expect(draft).not.toMatch(/\[m\d+/);
    expect(draft.match(/No source material was available/g)).toHaveLength(3);
    expect(llm.callsOf("writer", "outline")[0]?.prompt).toContain("(no materials");
  });

  it("re_outline hands the feedback to the writer; an edited outline reaches the section prompts", async () => {
    const { id } = await start();
    await resume(id, { action: "confirm" });
    const again = await resume(id, { action: "re_outline", outline_feedback: "Add a section on costs" });
    expect(pauseOf(again)).toBe("outline_confirm");
    expect(llm.callsOf("writer", "outline")).toHaveLength(2);
    expect(llm.callsOf("writer", "outline")[1]?.prompt).toContain("Add a section on costs");
    const edited = { title: "Edited", sections: [{ section_title: "Costs of running models", key_points: ["power"], material_ids: ["m002"] }] };
    const p3 = await resume(id, { action: "confirm", edited_outline: edited });
    const prompts = llm.callsOf("writer", "section").map((c) => c.prompt);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain("Costs of running models");
    expect(prompts[0]).toContain("[m002]");
    expect(ctx(p3).draft).toMatch(/^# Edited\n\n## Costs of running models/);
    expect(p3.values.outline).toEqual(edited);
  });

  it("user_revise rewrites only the named section and keeps the others verbatim", async () => {
    const { id, state } = await toDraft();
    const v1 = ctx(state).draft ?? "";
    // A section given materials cites one (one that cites none is written again).
    llm.script.section = () => "Rewritten body [m001].";
    const p3 = await resume(id, { action: "user_revise", user_revision_notes: "Section 2 needs an example." });
    expect(pauseOf(p3)).toBe("draft_confirm");
    const calls = llm.callsOf("writer", "section");
    expect(calls).toHaveLength(4);
    expect(calls[3]?.prompt).toContain("Section 2 needs an example.");
    const v2 = ctx(p3).draft ?? "";
    const section = (md: string, title: string) => md.split("## ").find((s) => s.startsWith(title));
    expect(section(v2, "Body")).toContain("Rewritten body [m001].");
    expect(section(v2, "Intro")).toBe(section(v1, "Intro"));
    expect(section(v2, "End")).toBe(section(v1, "End"));
    const { versions } = await engine.call("documents.versions", { sessionId: id });
    expect(versions.map((v) => v.reason)).toEqual(["initial", "user"]);
    expect(p3.values.revision_count).toBe(0);
  });

  it("an edited draft is stored as a manual_edit version before the action applies to it", async () => {
    const { id } = await toDraft();
    const edited = "# Mine\n\n## Intro\n\nMy own words.\n\n## Body\n\nMore words.\n";
    const after = await resume(id, { action: "to_editor", edited_draft: edited });
    expect(llm.callsOf("editor", "review_logic")[0]?.prompt).toContain("My own words.");
    const { versions } = await engine.call("documents.versions", { sessionId: id });
    expect(versions.map((v) => [v.number, v.reason])).toEqual([[1, "initial"], [2, "manual_edit"]]);
    expect(versions[1]?.scores?.overall).toBe(90);
    expect(ctx(after)).toMatchObject({ draft: edited, version: 2 });
    const done = await resume(id, { action: "finalize", edited_draft: `${edited}\nLast touch.\n` });
    expect(done.session.status).toBe("done");
    expect((await engine.call("documents.versions", { sessionId: id })).versions.map((v) => v.reason)).toEqual(["initial", "manual_edit", "manual_edit"]);
  });

  it("reject → PAUSE-4 → accept_review revises the flagged section → PAUSE-3 → editor, up to the cap, then force-accepts at PAUSE-3", async () => {
    const { id } = await toDraft();
    llm.editor = { score: 60, issues: [{ severity: "major", location: "Body", issue: "unsupported claim", suggestion: "cite m001" }] };
    let state = await resume(id, { action: "to_editor" });
    for (let round = 1; round <= 3; round++) {
      expect(pauseOf(state)).toBe("review_confirm");
      expect(state.pause?.allowedActions).toEqual(["accept_review", "force_finalize", "custom_revise"]);
      expect(ctx(state).review).toMatchObject({ verdict: "reject", round: round - 1 });
      const sectionCalls = llm.callsOf("writer", "section").length;
      state = await resume(id, { action: "accept_review" });
      // Only "Body" is named by the issue's location, so one section call per round.
      expect(llm.callsOf("writer", "section").length).toBe(sectionCalls + 1);
      expect(llm.callsOf("writer", "section").at(-1)?.prompt).toContain("unsupported claim");
      // PAUSE-3 after every draft, revisions included; the writer sends it to the editor again.
      expect(pauseOf(state)).toBe("draft_confirm");
      expect(ctx(state)).toMatchObject({ version: round + 1, revision_count: round });
      state = await resume(id, { action: "to_editor" });
    }
    expect(pauseOf(state)).toBe("draft_confirm");
    expect(ctx(state)).toMatchObject({ force_accepted_after: 3, revision_count: 3 });
    expect(state.values).toMatchObject({ force_accepted_after: 3, revision_count: 3 });
    const { versions } = await engine.call("documents.versions", { sessionId: id });
    expect(versions.map((v) => v.reason)).toEqual(["initial", "editor", "editor", "editor"]);
    expect(versions.every((v) => v.scores?.overall === 60)).toBe(true);
    expect((await events(id)).some((e) => e.type === "step_done" && e.summary.includes("force-accepted after 3 rounds"))).toBe(true);
  });

  it("a model that gives no valid outline leaves the key questions as the outline to edit at PAUSE-2, not a failed run", async () => {
    llm.script.outlineFails = true;
    const { id } = await start();
    const state = await resume(id, { action: "confirm" });
    expect(pauseOf(state)).toBe("outline_confirm");
    expect(ctx(state).outline?.sections.map((s) => s.section_title)).toEqual(["Why?", "How?"]);
    const step = (await events(id)).find((e) => e.type === "step_done" && e.step === "writer_outline");
    expect(JSON.stringify(step)).toContain("the model gave no usable outline");
  });

  it("an outline made of the schema's own descriptions is dropped like a failed one: the key questions, and the timeline says so", async () => {
    llm.script.outlineEchoesSchema = true;
    const { id } = await start();
    const state = await resume(id, { action: "confirm" });
    expect(ctx(state).outline?.title).not.toBe("the article title");
    expect(ctx(state).outline?.sections.map((s) => s.section_title)).toEqual(["Why?", "How?"]);
    const step = (await events(id)).find((e) => e.type === "step_done" && e.step === "writer_outline");
    expect(JSON.stringify(step)).toContain("the model gave no usable outline");
  });

  it("PAUSE-4 custom_revise uses the user's notes; force_finalize ends the run", async () => {
    const { id } = await toDraft();
    llm.editor = { score: 50, issues: [] };
    await resume(id, { action: "to_editor" });
    const after = await resume(id, { action: "custom_revise", user_revision_notes: "Make the End section punchier." });
    expect(llm.callsOf("writer", "section").at(-1)?.prompt).toContain("Make the End section punchier.");
    expect(pauseOf(after)).toBe("draft_confirm");
    expect(after.values.revision_count).toBe(1);
    expect((await engine.call("documents.versions", { sessionId: id })).versions.map((v) => v.reason)).toEqual(["initial", "user"]);
    expect(pauseOf(await resume(id, { action: "to_editor" }))).toBe("review_confirm");
    const done = await resume(id, { action: "force_finalize" });
    expect(done.session.status).toBe("done");
    expect((await events(id)).at(-1)).toMatchObject({ type: "done", summary: `Final: version 2, ${wordCount(done.values.draft as string)} words` });
  });

  it("rejects a wrong action with conflict and the allowed list, a malformed payload with bad_request, and leaves the state unchanged", async () => {
    const { id, state } = await start();
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "finalize" } })).rejects.toMatchObject({
      code: "conflict",
      message: "action finalize is not allowed at material_confirm; allowed: confirm, re_search, add_material",
      details: { allowed: ["confirm", "re_search", "add_material"] },
    });
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "confirm", approved_material_ids: "m001" } })).rejects.toMatchObject({ code: "bad_request" });
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "confirm", approved_material_ids: ["m404"] } })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("m404"),
    });
    // An empty keyword is malformed (re_search with no keywords at all is valid: it starts the research afresh).
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "re_search", extra_keywords: [" "] } })).rejects.toMatchObject({ code: "bad_request" });
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "confirm", bogus: true } as never })).rejects.toMatchObject({ code: "bad_request" });
    expect(await engine.call("run.state", { sessionId: id })).toEqual(state);
    expect((await events(id)).some((e) => e.type === "resumed")).toBe(false);
  });

  it("survives a restart between every pause and its resume, applying each action exactly once", async () => {
    const restart = async () => {
      await engine.dispose();
      engine = await open();
    };
    const { id } = await start();
    await restart();
    let state = await resume(id, { action: "re_search", extra_keywords: ["gamma"] });
    expect(ctx(state).materials).toHaveLength(10);
    await restart();
    state = await resume(id, { action: "confirm" });
    expect(pauseOf(state)).toBe("outline_confirm");
    await restart();
    state = await resume(id, { action: "re_outline", outline_feedback: "shorter" });
    expect(llm.callsOf("writer", "outline")).toHaveLength(2);
    await restart();
    state = await resume(id, { action: "confirm" });
    expect(pauseOf(state)).toBe("draft_confirm");
    await restart();
    state = await resume(id, { action: "user_revise", user_revision_notes: "Intro: fix" });
    await restart();
    llm.editor = { score: 40, issues: [{ severity: "minor", location: "End", issue: "abrupt", suggestion: "close" }] };
    state = await resume(id, { action: "to_editor" });
    expect(pauseOf(state)).toBe("review_confirm");
    await restart();
    state = await resume(id, { action: "accept_review" });
    expect(pauseOf(state)).toBe("draft_confirm");
    await restart();
    state = await resume(id, { action: "finalize" });
    expect(state.session.status).toBe("done");

    const all = await events(id);
    const resumed = all.filter((e) => e.type === "resumed").map((e) => (e.type === "resumed" ? e.action : ""));
    expect(resumed).toEqual(["re_search", "confirm", "re_outline", "confirm", "user_revise", "to_editor", "accept_review", "finalize"]);
    expect(search.queries).toEqual(["alpha", "beta", "gamma"]);
    expect(llm.callsOf("editor")).toHaveLength(3);
    const { versions } = await engine.call("documents.versions", { sessionId: id });
    expect(versions.map((v) => v.reason)).toEqual(["initial", "user", "editor"]);
    expect(all.filter((e) => e.type === "done")).toHaveLength(1);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
  });

  it("searches only keywords drawn from the intent and says in the timeline which it ignored", async () => {
    // The scripted model answers alpha and beta; this intent names alpha only.
    const { id } = await start("Write about alpha for engineers");
    const all = await events(id);
    expect(all.find((e) => e.type === "materials_ready")).toMatchObject({ keywords: ["alpha"] });
    const step = all.find((e) => e.type === "step_done" && e.step === "researcher_keywords");
    expect(step).toMatchObject({ summary: "alpha (1 keywords not drawn from the intent were ignored: beta)" });
    expect(step?.type === "step_done" ? step.summaryText?.notes : null).toEqual([{ key: "keywordsDropped", params: { n: 1, list: { zh: "beta", en: "beta" } } }]);
  });

  it("checks every sentence citing [mNNN] against that material: unsupported ones are noted at PAUSE-3 and given to the facts review", async () => {
    const { id } = await start();
    await resume(id, { action: "confirm" });
    const draft = await resume(id, { action: "confirm" });
    expect(pauseOf(draft)).toBe("draft_confirm");
    // The scripted sections ("Text about Intro [m001] …") say nothing the materials say.
    const step = (await events(id)).find((e) => e.type === "step_done" && e.step === "writer_draft");
    const notes = step?.type === "step_done" ? step.summaryText?.notes : null;
    expect(notes).toEqual([{ key: "ungrounded", params: { n: expect.any(Number) } }]);
    expect(notes![0]!.params!.n).toBeGreaterThanOrEqual(2);
    // PAUSE-3 shows the user which sentences those are, with the materials they cite.
    expect(draft.pause?.context).toMatchObject({
      ungrounded_sentences: expect.arrayContaining([{ section: expect.any(String), sentence: "Text about Intro [m001] and, see [m002].", material_ids: ["m001", "m002"] }]),
    });
    await resume(id, { action: "to_editor" });
    const factsPrompt = llm.callsOf("editor", "review_facts")[0]?.prompt ?? "";
    expect(factsPrompt).toContain("A check found no support in the cited material for these sentences");
    // (The citation filter already took out the invented [m999].)
    expect(factsPrompt).toContain("- Text about Intro [m001] and, see [m002].");
    expect(factsPrompt).toContain("- Text about Body [m001] and, see [m002].");
    expect(llm.callsOf("editor", "review_logic")[0]?.prompt).not.toContain("A check found no support");
  });

  it("speaks Chinese end to end when the intent is Chinese", async () => {
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "写一篇关于本地大模型 alpha 与 beta 的文章" } });
    const state = await settle(sessionId);
    expect(state.values.parsed_intent).toMatchObject({ locale: "zh" });
    expect(llm.callsOf("researcher", "keywords")[0]?.system).toContain("研究院");
    expect((await events(sessionId)).find((e) => e.type === "materials_ready")).toMatchObject({ summary: "共搜索到 8 条素材，精选 7 条" });
  });
});
