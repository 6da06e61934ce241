import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../shared/events.js";
import type { Engine } from "../../Engine.js";
import { docgenEngine, outlineOf, runDocgen } from "../../testing/docgenTestKit.js";
import { isTerminal, waitForEvent } from "../../testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../testing/ScriptedLlm.js";

const engines: Engine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.dispose()));
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** A section that starts with the heading the prompt asks for, whatever the outline says. */
const sectionFromPrompt = (o: ScriptedCallOptions) => {
  const title = /现在只写第 \d+ 章「(.+?)」/.exec(o.prompt)?.[1] ?? "?";
  return `## ${title}\n\n本节说明${title}的要点。`;
};

async function pausedAtOutline() {
  const llm = new ScriptedLlm({ replies: { "writer.outline": outlineOf(3), "writer.section": sectionFromPrompt, reviewer: { violations: [] } } });
  const made = await docgenEngine(llm);
  engines.push(made.engine);
  dirs.push(made.dataDir);
  const { sessionId, events } = await runDocgen(made.engine, { input_mode: "text", topic: "演示", context: "资料", confirm_outline: true });
  const pause = events.at(-1) as Extract<EngineEvent, { type: "await_user" }>;
  expect(pause).toMatchObject({ type: "await_user", pausePoint: "outline_confirm" });
  return { engine: made.engine, llm, sessionId, pause, dataDir: made.dataDir };
}

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected a rejection");
};

describe("docgen outline pause", () => {
  it("an outline edited at the pause (renamed, reordered, one added, one removed) is the one the sections are written from", async () => {
    const { engine, llm, sessionId, pause, dataDir } = await pausedAtOutline();
    const edited = {
      title: "改过的文档",
      sections: [
        { title: "第三部分", scope: "范围 3" },
        { title: "新加的部分", scope: "用户加的" },
        { title: "改名的第一部分", scope: "范围 1" },
      ],
    };
    await engine.call("run.resume", { sessionId, payload: { action: "confirm", edited_outline: edited } });
    const events = await waitForEvent(engine, sessionId, isTerminal, pause.seq);
    expect(events.at(-1)?.type).toBe("done");
    // The edited outline is announced before its sections, so clients show what is being written.
    const announced = events.filter((e): e is Extract<EngineEvent, { type: "doc_outline_ready" }> => e.type === "doc_outline_ready" && e.seq > pause.seq);
    expect(announced.map((e) => e.outline)).toEqual([edited]);
    const prompts = llm.callsFor("writer", "section").map((c) => c.prompt);
    expect(prompts).toHaveLength(3);
    expect(prompts.every((p) => p.includes("文档：改过的文档"))).toBe(true);
    expect(prompts.some((p) => p.includes("「新加的部分」。范围：用户加的"))).toBe(true);
    expect(prompts.some((p) => p.includes("第二部分"))).toBe(false);
    const values = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    expect(values.outline).toEqual(edited);
    expect([...values.current_draft.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(["第三部分", "新加的部分", "改名的第一部分"]);
    // The cache follows, so a resumed run writes the edited outline too.
    const cached = JSON.parse(fs.readFileSync(path.join(dataDir, "cache", sessionId, "outline.json"), "utf8"));
    expect(JSON.stringify(cached)).toContain("新加的部分");
  });

  it("feedback with regenerate reaches the outline prompt and the run pauses on the new outline", async () => {
    const { engine, llm, sessionId, pause } = await pausedAtOutline();
    await engine.call("run.resume", { sessionId, payload: { action: "regenerate", feedback: "加一节讲部署" } });
    const events = await waitForEvent(engine, sessionId, isTerminal, pause.seq);
    expect(events.at(-1)).toMatchObject({ type: "await_user", pausePoint: "outline_confirm" });
    const outlineCalls = llm.callsFor("writer", "outline");
    expect(outlineCalls).toHaveLength(2);
    expect(outlineCalls[0]!.prompt).not.toContain("加一节讲部署");
    expect(outlineCalls[1]!.prompt).toContain("用户对上一版大纲的意见：加一节讲部署");
  });

  it("refuses a bad edited outline with a message naming the field, and stays at the same pause", async () => {
    const { engine, llm, sessionId, pause } = await pausedAtOutline();
    const bad = [
      [{ title: "文档", sections: [] }, "sections"],
      [{ title: "文档", sections: [{ title: "  ", scope: "" }] }, "section 1 has no title"],
      [{ title: "文档", sections: [{ title: "甲", scope: "" }, { title: " 甲 ", scope: "" }] }, "section 2 repeats the title of section 1"],
      [{ title: "   ", sections: [{ title: "甲", scope: "" }] }, "needs a title"],
      [{ title: "文档", sections: [{ title: "甲" }] }, "scope"],
    ] as const;
    for (const [outline, message] of bad) {
      const error = await rejection(engine.call("run.resume", { sessionId, payload: { action: "confirm", edited_outline: outline } }));
      expect(error.code).toBe("bad_request");
      expect(error.message).toContain(message);
    }
    const state = await engine.call("run.state", { sessionId });
    expect(state.session).toMatchObject({ status: "paused", pausePoint: "outline_confirm" });
    expect((state.values as Record<string, any>).outline).toEqual(outlineOf(3));
    expect(llm.callsFor("writer", "section")).toHaveLength(0);
  });
});

describe("docgen review-only from a file", () => {
  it("reads the .md file source_path names as the document to review; a wrong file is refused before a session exists", async () => {
    const llm = new ScriptedLlm({ replies: { reviewer: { violations: [] } } });
    const made = await docgenEngine(llm);
    engines.push(made.engine);
    dirs.push(made.dataDir);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docgen-review-file-"));
    dirs.push(dir);
    const doc = "\uFEFF# 上传的文档\n\n## 一\n\n第一段。\n";
    fs.writeFileSync(path.join(dir, "doc.md"), doc);
    const { sessionId, events } = await runDocgen(made.engine, { input_mode: "text", topic: "上传的文档", source_path: path.join(dir, "doc.md"), review_only: true });
    expect(events.at(-1)?.type).toBe("done");
    const versions = (await made.engine.call("documents.versions", { sessionId })).versions;
    expect((await made.engine.call("documents.version", { sessionId, number: versions[0]!.number })).markdown).toBe(doc.slice(1));
    expect(llm.callsFor("writer")).toHaveLength(0);

    const before = (await made.engine.call("sessions.list", {})).sessions.length;
    fs.writeFileSync(path.join(dir, "doc.pdf"), "%PDF");
    for (const [file, code] of [["missing.md", "not_found"], ["doc.pdf", "bad_request"]] as const) {
      const error = await rejection(made.engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "x", source_path: path.join(dir, file), review_only: true } } as never));
      expect(error.code).toBe(code);
      expect(error.message).toContain(file);
    }
    const both = await rejection(made.engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "x", context: "甲", source_path: path.join(dir, "doc.md"), review_only: true } } as never));
    expect(both.code).toBe("bad_request");
    expect((await made.engine.call("sessions.list", {})).sessions.length).toBe(before);
  });
});

describe("documents.edit on a doc generator session", () => {
  it("stores the edit as the current draft with a draft_ready; the session stays done", async () => {
    const { engine, sessionId, pause } = await pausedAtOutline();
    await engine.call("run.resume", { sessionId, payload: { action: "confirm" } });
    const done = (await waitForEvent(engine, sessionId, isTerminal, pause.seq)).at(-1)!;
    expect(done.type).toBe("done");
    const { version } = await engine.call("documents.edit", { sessionId, markdown: "# 演示\n\n## 甲\n\n用户改过。\n" });
    expect(version.reason).toBe("manual_edit");
    const ready = (await waitForEvent(engine, sessionId, (e) => e.type === "draft_ready" && e.seq > done.seq, done.seq)).at(-1) as Extract<EngineEvent, { type: "draft_ready" }>;
    expect(ready.markdown).toContain("用户改过。");
    expect(ready.version.number).toBe(version.number);
    expect((await engine.call("run.state", { sessionId })).session.status).toBe("done");
  });
});
