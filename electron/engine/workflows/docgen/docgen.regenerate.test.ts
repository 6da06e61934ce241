import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../Engine.js";
import { cleanSection, docgenEngine, outlineOf, runDocgen, sectionIndexOf } from "../../testing/docgenTestKit.js";
import { isTerminal, waitForEvent } from "../../testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../testing/ScriptedLlm.js";

const engines: Engine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.dispose()));
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** Section 2 fails while `broken.on`; the others are clean. */
function writer(broken: { on: boolean }) {
  return (o: ScriptedCallOptions) => {
    const i = sectionIndexOf(o);
    if (i === 1 && broken.on) throw new Error("backend timeout");
    return cleanSection(outlineOf(3).sections[i]!.title) + (i === 1 ? "\n\n重写后的内容。" : "");
  };
}

async function finishedRun(broken: { on: boolean }) {
  const llm = new ScriptedLlm({ replies: { "writer.outline": outlineOf(3), "writer.section": writer(broken), reviewer: { violations: [] } } });
  const made = await docgenEngine(llm);
  engines.push(made.engine);
  dirs.push(made.dataDir);
  const { sessionId, events } = await runDocgen(made.engine, { input_mode: "text", topic: "演示", context: "资料" });
  expect(events.at(-1)?.type).toBe("done");
  return { engine: made.engine, llm, sessionId, seq: events.at(-1)!.seq };
}

const values = async (engine: Engine, sessionId: string) => (await engine.call("run.state", { sessionId })).values as Record<string, any>;
const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected a rejection");
};

describe("docgen.regenerateSection after the run has finished", () => {
  it("rewrites only the failed section's placeholder, keeps the others verbatim, stores a regenerate version, ends done again", async () => {
    const broken = { on: true };
    const { engine, llm, sessionId, seq } = await finishedRun(broken);
    const before = await values(engine, sessionId);
    expect(before.failed_sections).toEqual([1]);
    // After the review's mechanical fixes the colon is full-width; the placeholder keeps its section heading.
    expect(before.current_draft).toMatch(/## 第二部分\n\n【章节 2 生成失败[:：] ?backend timeout】/);
    const versionsBefore = (await engine.call("documents.versions", { sessionId })).versions.length;

    broken.on = false;
    expect(await engine.call("docgen.regenerateSection", { sessionId, index: 1, notes: "写得更具体" })).toEqual({ sessionId, status: "running" });
    const events = await waitForEvent(engine, sessionId, isTerminal, seq);
    expect(events.at(-1)?.type).toBe("done");
    const after = await values(engine, sessionId);
    const fresh = `${cleanSection(outlineOf(3).sections[1]!.title)}\n\n重写后的内容。`;
    expect(after.current_draft).toBe(before.current_draft.replace(/## 第二部分\n\n【章节 2 生成失败[^】]*】/, fresh));
    expect(after.failed_sections).toEqual([]);
    const versions = (await engine.call("documents.versions", { sessionId })).versions;
    expect(versions).toHaveLength(versionsBefore + 1);
    expect(versions.at(-1)!.reason).toBe("regenerate");
    // The user's notes reach the writer, last in the prompt (stable prefix first).
    const prompt = llm.callsFor("writer", "section").at(-1)!.prompt;
    expect(prompt.trim().endsWith("用户对本章的要求：写得更具体")).toBe(true);
    expect((await engine.call("run.state", { sessionId })).session.status).toBe("done");
  });

  it("works on the latest version (a hand edit included) and leaves the document alone when the writer fails again", async () => {
    const broken = { on: false };
    const { engine, sessionId, seq } = await finishedRun(broken);
    const draft = (await values(engine, sessionId)).current_draft as string;
    const edited = draft.replace("本节说明第三部分的要点。", "用户亲手改过的第三部分。");
    await engine.call("documents.edit", { sessionId, markdown: edited });
    await engine.call("docgen.regenerateSection", { sessionId, index: 0 });
    let events = await waitForEvent(engine, sessionId, isTerminal, seq);
    expect(events.at(-1)?.type).toBe("done");
    const latest = (await values(engine, sessionId)).current_draft as string;
    expect(latest).toContain("用户亲手改过的第三部分。");
    expect(latest.split("## ").slice(2)).toEqual(edited.split("## ").slice(2));

    broken.on = true;
    const count = (await engine.call("documents.versions", { sessionId })).versions.length;
    const seq2 = events.at(-1)!.seq;
    await engine.call("docgen.regenerateSection", { sessionId, index: 1 });
    events = await waitForEvent(engine, sessionId, isTerminal, seq2);
    expect(events.at(-1)?.type).toBe("done");
    expect((await engine.call("documents.versions", { sessionId })).versions).toHaveLength(count);
    expect((await values(engine, sessionId)).current_draft).toBe(latest);
  });

  it("refuses a section that does not exist, a review-only session and an unfinished one, changing nothing", async () => {
    const { engine, sessionId } = await finishedRun({ on: false });
    const count = (await engine.call("documents.versions", { sessionId })).versions.length;
    const range = await rejection(engine.call("docgen.regenerateSection", { sessionId, index: 3 }));
    expect(range.code).toBe("bad_request");
    expect(range.message).toContain("0–2");
    const review = await runDocgen(engine, { input_mode: "text", topic: "审", context: "# 文\n\n## 一\n\n甲。\n", review_only: true });
    expect((await rejection(engine.call("docgen.regenerateSection", { sessionId: review.sessionId, index: 0 }))).code).toBe("bad_request");
    const paused = await runDocgen(engine, { input_mode: "text", topic: "停", context: "资料", confirm_outline: true });
    expect(paused.events.at(-1)?.type).toBe("await_user");
    const conflict = await rejection(engine.call("docgen.regenerateSection", { sessionId: paused.sessionId, index: 0 }));
    expect(conflict.code).toBe("conflict");
    expect(conflict.message).toContain("regenerate_section");
    expect((await engine.call("documents.versions", { sessionId })).versions).toHaveLength(count);
    expect((await engine.call("run.state", { sessionId: paused.sessionId })).session.status).toBe("paused");
  });
});
