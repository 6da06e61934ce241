import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SessionState } from "../../../../shared/api.js";
import { PauseContextSchema } from "../../../../shared/workflows/article.js";
import type { ArticleResume } from "../../../../shared/workflows/article.js";
import type { Material } from "../../../../shared/knowledge.js";
import { splitDraft } from "./draftMarkdown.js";
import { createEngine } from "../../createEngine.js";
import type { Engine } from "../../Engine.js";
import { ArticleScriptLlm, FakeSearch, sectionTitleOf } from "../../testing/articleTestKit.js";

/** The actions a writer needs in daily use, each through the engine with the scripted LLM. */
let dataDir: string;
let llm: ArticleScriptLlm;
let search: FakeSearch;
let engine: Engine;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "article-writer-"));
  llm = new ArticleScriptLlm();
  search = new FakeSearch();
  engine = await createEngine({ dataDir, llm, search, eventFlushIntervalMs: 5 });
});
afterEach(async () => {
  await engine.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function settle(sessionId: string): Promise<SessionState> {
  await engine.parts.runner.settled(sessionId);
  return engine.call("run.state", { sessionId });
}
async function resume(id: string, payload: ArticleResume | Record<string, unknown>): Promise<SessionState> {
  await engine.call("run.resume", { sessionId: id, payload: payload as ArticleResume });
  return settle(id);
}
const ctx = (state: SessionState) => PauseContextSchema.parse(state.pause?.context);
const section = (md: string, title: string) => md.split("## ").find((s) => s.startsWith(title)) ?? "";

async function start(): Promise<string> {
  // The scripted keywords (alpha, beta) must come from the intent, or the researcher's guard drops them.
  const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "Write about local AI: alpha and beta", locale: "en" } });
  await settle(sessionId);
  return sessionId;
}
async function toDraft(): Promise<string> {
  const id = await start();
  await resume(id, { action: "confirm" });
  await resume(id, { action: "confirm" });
  return id;
}
async function toReview(issues = 3): Promise<string> {
  const id = await toDraft();
  llm.editor = {
    score: 50,
    issues: Array.from({ length: issues }, (_, i) => ({ severity: "minor" as const, location: ["Intro", "Body", "End"][i % 3] as string, issue: `issue-${i}`, suggestion: `fix-${i}` })),
  };
  const state = await resume(id, { action: "to_editor" });
  expect(state.pause?.pausePoint).toBe("review_confirm");
  return id;
}

describe("article: a writer's daily needs", () => {
  it("add_material at PAUSE-1 puts the writer's own text in the package, back at PAUSE-1, and the writer may cite it", async () => {
    const id = await start();
    const state = await resume(id, { action: "add_material", material: { title: "My notes", content: "Local inference keeps data in house. ".repeat(30), source: "notes.md" } });
    expect(state.pause?.pausePoint).toBe("material_confirm");
    const materials = ctx(state).materials ?? [];
    const own = materials.at(-1);
    expect(own).toMatchObject({ id: "m008", title: "My notes", source: "notes.md", source_type: "user", relevance_score: 1 });
    expect(own?.content.length).toBeLessThanOrEqual(500);
    expect(materials.slice(0, 7).map((m) => m.id)).toEqual(["m001", "m002", "m003", "m004", "m005", "m006", "m007"]);
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "add_material", material: { title: "", content: "x" } } })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("material.title") });
    const outline = await resume(id, { action: "confirm", approved_material_ids: ["m008"] });
    expect(ctx(outline).materials?.map((m) => m.id)).toEqual(["m008"]);
  });

  it("re_search with no keywords clears the package and runs the researcher again: keyword call, search, ranking call", async () => {
    const id = await start();
    const first = await resume(id, { action: "add_material", material: { title: "Mine", content: "text" } });
    expect(ctx(first).materials).toHaveLength(8);
    const again = await resume(id, { action: "re_search" });
    expect(again.pause?.pausePoint).toBe("material_confirm");
    expect(ctx(again).materials?.map((m) => m.id)).toEqual(["m001", "m002", "m003", "m004", "m005", "m006", "m007"]);
    expect(search.queries).toEqual(["alpha", "beta", "alpha", "beta"]);
    expect(llm.callsOf("researcher", "keywords")).toHaveLength(2);
    expect(llm.callsOf("researcher", "rank")).toHaveLength(2);
    const feedbackless = await resume(id, { action: "confirm" });
    expect((await resume(id, { action: "re_outline" })).pause?.pausePoint).toBe("outline_confirm");
    expect(feedbackless.pause?.pausePoint).toBe("outline_confirm");
    expect(llm.callsOf("writer", "outline")).toHaveLength(2);
  });

  it("re_search with no keywords keeps the id of every material found again; new ones continue after the highest id", async () => {
    const id = await start();
    const before = ctx(await settle(id)).materials ?? [];
    const idOf = (rec: string, list: Material[]) => list.find((m) => m.recUuid === rec)?.id;
    // The library changed since: alpha-1 is gone, a new record ranks first.
    const original = search.search.bind(search);
    search.search = async (query, options) => {
      const hits = (await original(query, options)).filter((m) => m.recUuid !== "alpha-1");
      return query === "alpha" ? [{ ...hits[0]!, recUuid: "fresh", title: "Fresh", relevance_score: 0.95 }, ...hits] : hits;
    };
    const again = ctx(await resume(id, { action: "re_search" })).materials ?? [];
    for (const material of again.filter((m) => m.recUuid !== "fresh")) expect(material.id).toBe(idOf(material.recUuid!, before));
    expect(idOf("fresh", again)).toBe("m008");
    expect(again.map((m) => m.recUuid)).not.toContain("alpha-1");
    expect(new Set(again.map((m) => m.id)).size).toBe(again.length);
  });

  it("headings a model writes inside a section stay inside it: the draft's sections are the outline's", async () => {
    llm.script.section = (prompt) => `## ${sectionTitleOf(prompt)}\n\nText [m001].\n\n## A sub point\nMore.\n\n# Shouting\nEnd.`;
    const id = await toDraft();
    const draft = ctx(await settle(id)).draft ?? "";
    expect(splitDraft(draft, "").sections.map((s) => s.title)).toEqual(["Intro", "Body", "End"]);
    expect(draft).toContain("### A sub point");
    expect(draft).toContain("### Shouting");
  });

  it("regenerate_section rewrites only the chosen section (with the notes) and keeps the others verbatim", async () => {
    const id = await toDraft();
    const before = ctx(await settle(id)).draft ?? "";
    llm.script.section = (prompt) => `Fresh ${sectionTitleOf(prompt)} [m001].`;
    const calls = llm.callsOf("writer", "section").length;
    const after = await resume(id, { action: "regenerate_section", section_index: 1, notes: "Add a concrete example." });
    expect(after.pause?.pausePoint).toBe("draft_confirm");
    expect(llm.callsOf("writer", "section")).toHaveLength(calls + 1);
    expect(llm.callsOf("writer", "section").at(-1)?.prompt).toContain("Add a concrete example.");
    const draft = ctx(after).draft ?? "";
    expect(section(draft, "Body")).toContain("Fresh Body [m001].");
    expect(section(draft, "Intro")).toBe(section(before, "Intro"));
    expect(section(draft, "End")).toBe(section(before, "End"));
    expect((await engine.call("documents.versions", { sessionId: id })).versions.map((v) => v.reason)).toEqual(["initial", "regenerate"]);
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "regenerate_section", section_index: 7 } })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("out of range") });
  });

  it("accept_review with accepted_issues hands only the accepted issues to the writer", async () => {
    // The scripted editor gives each of the three aspects the same three issues: nine in all.
    const id = await toReview(3);
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "accept_review", accepted_issues: [42] } })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("out of range") });
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "accept_review", accepted_issues: [] } })).rejects.toMatchObject({ code: "bad_request" });
    const calls = llm.callsOf("writer", "section").length;
    const state = await resume(id, { action: "accept_review", accepted_issues: [1] });
    expect(state.pause?.pausePoint).toBe("draft_confirm");
    const revised = llm.callsOf("writer", "section").slice(calls);
    expect(revised).toHaveLength(1);
    expect(revised[0]?.prompt).toContain("issue-1");
    expect(revised[0]?.prompt).not.toMatch(/issue-0|issue-2/);
  });

  it("a hand edit at PAUSE-4 is stored as a version and the revision works on it", async () => {
    const id = await toReview(1);
    const draft = ctx(await settle(id)).draft ?? "";
    const edited = draft.replace("Text about Body", "My hand-written Body");
    const state = await resume(id, { action: "accept_review", edited_draft: edited });
    expect(state.pause?.pausePoint).toBe("draft_confirm");
    const reasons = (await engine.call("documents.versions", { sessionId: id })).versions.map((v) => v.reason);
    expect(reasons).toEqual(["initial", "manual_edit", "editor"]);
    // The issue names Intro, so Body keeps the hand edit verbatim.
    expect(section(ctx(state).draft ?? "", "Body")).toContain("My hand-written Body");
  });

  it("override_verdict at PAUSE-4 (the brief): true force-finalizes, false keeps the verdict and revises", async () => {
    const a = await toReview(1);
    const done = await resume(a, { action: "accept_review", override_verdict: true });
    expect(done.session.status).toBe("done");
    expect((await engine.call("events.list", { sessionId: a, afterSeq: 0 })).events.filter((e) => e.type === "resumed").at(-1)).toMatchObject({ action: "force_finalize" });

    const b = await toReview(1);
    const revised = await resume(b, { override_verdict: false });
    expect(revised.pause?.pausePoint).toBe("draft_confirm");
    expect(revised.values.revision_count).toBe(1);
    const c = await toReview(1);
    expect((await resume(c, { override_verdict: "pass" })).session.status).toBe("done");
  });

  it("a period in the intent reaches the search as date_from / date_to; extra_context reaches the prompts", async () => {
    const seen: Array<{ query: string; dateFrom?: string; dateTo?: string }> = [];
    const dated = new FakeSearch();
    const recording = {
      search: async (query: string, options: { limit: number; dateFrom?: string; dateTo?: string }) => (
        seen.push({ query, ...(options.dateFrom ? { dateFrom: options.dateFrom } : {}), ...(options.dateTo ? { dateTo: options.dateTo } : {}) }),
        dated.search(query, options)
      ),
    };
    await engine.dispose();
    engine = await createEngine({ dataDir, llm, search: recording, eventFlushIntervalMs: 5 });
    const { sessionId } = await engine.call("run.start", { workflow: "article", input: { user_intent: "How local AI (alpha, beta) changed in 2024", extra_context: "We sell laptops.", locale: "en" } });
    const state = await settle(sessionId);
    expect(state.values.parsed_intent).toMatchObject({ date_from: "2024-01-01", date_to: "2024-12-31" });
    expect(seen).toEqual([
      { query: "alpha", dateFrom: "2024-01-01", dateTo: "2024-12-31" },
      { query: "beta", dateFrom: "2024-01-01", dateTo: "2024-12-31" },
    ]);
    expect(llm.callsOf("system", "intent")[0]?.prompt).toContain("Background: We sell laptops.");
    await resume(sessionId, { action: "confirm" });
    expect(llm.callsOf("writer", "outline")[0]?.prompt).toContain("We sell laptops.");
  });

  it("run.retry continues an errored session from its last checkpoint (finished sections not redone) and reopens a cancelled pause", async () => {
    const id = await start();
    await resume(id, { action: "confirm" });
    llm.script.failSectionOnce.add("Body");
    const failed = await resume(id, { action: "confirm" });
    expect(failed.session.status).toBe("error");
    expect(failed.values.materials).not.toHaveLength(0);
    const calls = llm.callsOf("writer", "section").length;
    expect(await engine.call("run.retry", { sessionId: id })).toEqual({ sessionId: id, status: "running" });
    const retried = await settle(id);
    expect(retried.pause?.pausePoint).toBe("draft_confirm");
    // Intro and End reached the cache before the failure: only Body is written again.
    expect(llm.callsOf("writer", "section").length).toBe(calls + 1);

    await engine.call("run.cancel", { sessionId: id });
    expect((await settle(id)).session.status).toBe("cancelled");
    await expect(engine.call("run.resume", { sessionId: id, payload: { action: "finalize" } })).rejects.toMatchObject({ code: "conflict" });
    expect(await engine.call("run.retry", { sessionId: id })).toEqual({ sessionId: id, status: "paused" });
    const reopened = await settle(id);
    expect(reopened.pause?.pausePoint).toBe("draft_confirm");
    const done = await resume(id, { action: "finalize" });
    expect(done.session.status).toBe("done");
    await expect(engine.call("run.retry", { sessionId: id })).rejects.toMatchObject({ code: "conflict" });
  });

  it("the editor reviews the whole of a long draft, section by section, into one merged review", async () => {
    // Words that do not repeat, so the text passes the writer's loop check, and a citation, so it passes the material check.
    const words = Array.from({ length: 200 }, (_, i) => (((i + 1) * 2654435761) % 4294967296).toString(36)).join(" ");
    llm.script.section = (prompt) => `${sectionTitleOf(prompt)} opening [m001]. ${words}. ${sectionTitleOf(prompt)} closing line.`;
    const id = await toDraft();
    const draft = ctx(await settle(id)).draft ?? "";
    expect(draft.length).toBeGreaterThan(4000);
    const state = await resume(id, { action: "to_editor" });
    const logic = llm.callsOf("editor", "review_logic").map((c) => c.prompt);
    expect(logic.length).toBeGreaterThan(1);
    // Every section's end reaches some review call: nothing past 4 000 characters is cut off.
    for (const title of ["Intro", "Body", "End"]) expect(logic.some((p) => p.includes(`${title} closing line.`))).toBe(true);
    expect(llm.callsOf("editor", "review_facts")).toHaveLength(logic.length);
    expect(ctx(state).review).toMatchObject({ overall: 90, verdict: "pass" });
  });
});
