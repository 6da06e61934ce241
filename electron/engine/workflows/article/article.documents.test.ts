import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SessionState } from "../../../../shared/api.js";
import { PauseContextSchema } from "../../../../shared/workflows/article.js";
import type { ArticleResume } from "../../../../shared/workflows/article.js";
import { createEngine } from "../../createEngine.js";
import type { Engine } from "../../Engine.js";
import { ArticleScriptLlm, FakeSearch, sectionTitleOf } from "../../testing/articleTestKit.js";

/** documents.* on the article: restore and hand edits become the current draft the next action works on. */
let dataDir: string;
let llm: ArticleScriptLlm;
let engine: Engine;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "article-documents-"));
  llm = new ArticleScriptLlm();
  engine = await createEngine({ dataDir, llm, search: new FakeSearch(), eventFlushIntervalMs: 5 });
});
afterEach(async () => {
  await engine.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function settle(sessionId: string): Promise<SessionState> {
  await engine.parts.runner.settled(sessionId);
  return engine.call("run.state", { sessionId });
}
async function resume(id: string, payload: ArticleResume): Promise<SessionState> {
  await engine.call("run.resume", { sessionId: id, payload });
  return settle(id);
}
const ctx = (state: SessionState) => PauseContextSchema.parse(state.pause?.context);

async function toDraft(): Promise<string> {
  const { sessionId } = await engine.call("run.start", { workflow: "article", input: { intent: "Write about local AI", locale: "en" } });
  await settle(sessionId);
  await resume(sessionId, { action: "confirm" });
  await resume(sessionId, { action: "confirm" });
  return sessionId;
}

describe("article documents", () => {
  it("restore makes an older version the current draft: PAUSE-3 shows it and the editor reviews it", async () => {
    const id = await toDraft();
    const v1 = (await engine.call("documents.version", { sessionId: id, number: 1 })).markdown;
    llm.script.section = (prompt) => `Rewritten ${sectionTitleOf(prompt)}.`;
    const revised = await resume(id, { action: "user_revise", user_revision_notes: "Rewrite everything." });
    expect(ctx(revised).version).toBe(2);
    expect(ctx(revised).draft).toContain("Rewritten");

    const { version } = await engine.call("documents.restore", { sessionId: id, number: 1 });
    expect(version).toMatchObject({ number: 3, reason: "restore" });
    const restored = await settle(id);
    expect(restored.session.status).toBe("paused");
    expect(restored.pause?.pausePoint).toBe("draft_confirm");
    expect(ctx(restored)).toMatchObject({ draft: v1, version: 3 });
    expect(restored.values).toMatchObject({ draft: v1, draft_version: 3, status: "awaiting_draft_confirm" });
    const log = (await engine.call("events.list", { sessionId: id, afterSeq: 0 })).events;
    expect(log.filter((e) => e.type === "await_user").at(-1)).toMatchObject({ context: { draft: v1, version: 3 } });
    expect(log.filter((e) => e.type === "draft_ready").at(-1)).toMatchObject({ markdown: v1, version: { number: 3, reason: "restore" }, title: "Local AI" });

    const reviewed = await resume(id, { action: "to_editor" });
    const prompt = llm.callsOf("editor", "review_logic").at(-1)?.prompt ?? "";
    expect(prompt).toContain("Text about Body");
    expect(prompt).not.toContain("Rewritten");
    const done = await resume(id, { action: "finalize" });
    expect(reviewed.pause?.pausePoint).toBe("draft_confirm");
    expect(done.values).toMatchObject({ final: true, draft_version: 3, draft: v1 });
    expect((await engine.call("documents.versions", { sessionId: id })).versions.map((v) => v.reason)).toEqual(["initial", "user", "restore"]);
  });

  it("a finished article returns to PAUSE-3 on restore and on a hand edit, and can be finalized again", async () => {
    const id = await toDraft();
    const finished = await resume(id, { action: "finalize" });
    expect(finished.session.status).toBe("done");
    const edited = "# Local AI\n\n## Intro\n\nMy own words.\n";
    const { version } = await engine.call("documents.edit", { sessionId: id, markdown: edited });
    expect(version).toMatchObject({ number: 2, reason: "manual_edit" });
    const paused = await settle(id);
    expect(paused.session.status).toBe("paused");
    expect(ctx(paused)).toMatchObject({ pause_point: "draft_confirm", draft: edited, version: 2 });
    expect(paused.values).toMatchObject({ final: false, draft: edited });
    const again = await resume(id, { action: "finalize" });
    expect(again.values).toMatchObject({ final: true, draft: edited, draft_version: 2 });
  });

  it("diffs two versions and refuses unknown versions without changing anything", async () => {
    const id = await toDraft();
    await engine.call("documents.edit", { sessionId: id, markdown: "# Local AI\n\n## Intro\n\nShort.\n" });
    await settle(id);
    const diff = await engine.call("documents.diff", { sessionId: id, from: 1, to: 2 });
    expect(diff.from.number).toBe(1);
    expect(diff.hunks.some((h) => h.kind === "added" && h.text.includes("Short."))).toBe(true);
    expect(diff.hunks.some((h) => h.kind === "removed" && h.text.includes("Text about Body"))).toBe(true);
    const before = await engine.call("run.state", { sessionId: id });
    await expect(engine.call("documents.restore", { sessionId: id, number: 9 })).rejects.toMatchObject({ code: "not_found" });
    await expect(engine.call("documents.edit", { sessionId: id, markdown: "" })).rejects.toMatchObject({ code: "bad_request" });
    expect(await engine.call("run.state", { sessionId: id })).toEqual(before);
  });
});
