import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../shared/events.js";
import type { Engine } from "../../Engine.js";
import { sectionBudget } from "./materialBudget.js";
import { outlineMaxTokens } from "./nodes/generateDraft.js";
import { cleanSection, docgenEngine, lineOf, outlineOf, runDocgen, sectionIndexOf, writeFiles } from "../../testing/docgenTestKit.js";
import { tempDataDir } from "../../testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../testing/ScriptedLlm.js";
import { BREAKER_PREFIX, REPEAT_PREFIX } from "./docgenText.js";
import { OUTLINE_EXAMPLES } from "./prompts.js";

const engines: Engine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.dispose()));
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

async function start(llm: ScriptedLlm) {
  const made = await docgenEngine(llm);
  engines.push(made.engine);
  dirs.push(made.dataDir);
  return made;
}

const of = <T extends EngineEvent["type"]>(events: EngineEvent[], type: T) => events.filter((e) => e.type === type) as Array<Extract<EngineEvent, { type: T }>>;
const section = (o: ScriptedCallOptions) => cleanSection(outlineOf(3).sections[sectionIndexOf(o)]!.title);

/** Replies for a run whose every module passes at once (the planted 贼好用 is not reported). */
function passingReplies(extra: Record<string, unknown> = {}) {
  return {
    "writer.outline": outlineOf(3),
    "writer.section": section,
    reviewer: { violations: [] },
    ...extra,
  } as ConstructorParameters<typeof ScriptedLlm>[0]["replies"];
}

/** content_style reports 6.6 on the 贼好用 line until it is gone. */
const slangReviewer = (o: ScriptedCallOptions) => {
  const rows = o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));
  return { violations: rows.map((l) => ({ rule_id: "6.6", line: Number(l.slice(0, 4)), excerpt: "贼好用", comment: "口语化" })) };
};
/** The first words of numbered line `n` of a review prompt: a finding must quote the draft to be kept. */
const quoteOf = (o: ScriptedCallOptions, n: number) => (o.prompt.split("\n").find((l) => l.startsWith(`${String(n).padStart(4, "0")}: `)) ?? "").slice(6, 16);
/** A finding on line 1 that is never fixed (the reviser answers nothing). */
const stubbornReviewer = (o: ScriptedCallOptions) => ({ violations: [{ rule_id: "6.3", line: 1, excerpt: quoteOf(o, 1), comment: "总是不满意" }] });

/** A reviser that changes a line near line 1 every round, leaving the stubborn reviewer's line 1 as it was. */
const tinkerer = (o: ScriptedCallOptions) => {
  const row = o.prompt.split("\n").find((l) => /^000[23]: \S/.test(l));
  if (!row) return { replacements: [] };
  const n = Number(row.slice(0, 4));
  return { replacements: [{ start_line: n, end_line: n, old_text: row.slice(6), new_content: `${row.slice(6)}（修订）`, reason: "6.3" }] };
};

/** The reviser that fixes the slang on the line it is shown. */
const slangFixer = (o: ScriptedCallOptions) => ({
  replacements: o.prompt
    .split("\n")
    .filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"))
    .map((l) => ({ start_line: Number(l.slice(0, 4)), end_line: Number(l.slice(0, 4)), old_text: l.slice(6), new_content: `${l.slice(0, 6)}${l.slice(6).replace("贼好用", "易于使用")}`, reason: "6.6" })),
});

describe("docgen: three modes × pass / fail-then-pass / breaker", () => {
  it("text mode, every module passes at once", async () => {
    const llm = new ScriptedLlm({ replies: passingReplies() });
    const { engine } = await start(llm);
    const { sessionId, events } = await runDocgen(engine, { input_mode: "text", topic: "演示", context: "一些  说明\r\n\n\n\n文字   " });
    expect(events.at(-1)?.type).toBe("done");
    const state = await engine.call("run.state", { sessionId });
    const v = state.values as Record<string, any>;
    expect(v.review_pipeline).toEqual(["metadata_and_structure", "typography_and_symbols", "code_and_diagrams", "specific_sections", "naming_and_tags", "content_style"]);
    expect(v.modules.every((m: any) => m.status === "passed" && m.rounds === 0 && !m.breaker)).toBe(true);
    expect(v.is_valid).toBe(true);
    expect(v.current_draft).toContain("# 演示文档\n\n## 第一部分");
    expect(of(events, "section_done").map((e) => e.index).sort()).toEqual([0, 1, 2]);
    // Each section stops continuing at the length its prompt asks: its share of six characters of
    // material is below the floor, so 120 characters (materialBudget), and its budget is what that needs.
    for (const call of llm.callsFor("writer", "section")) {
      const { enough, maxTokens } = call.options as { enough?: (text: string) => boolean; maxTokens?: number };
      expect(call.prompt).toContain("45 到 120 字");
      expect(enough?.("字".repeat(119))).toBe(false);
      expect(enough?.("字".repeat(120))).toBe(true);
      expect(maxTokens).toBe(sectionBudget("一些 说明 文字", 3, "zh").maxTokens);
    }
    // The outline of so little material may have three sections, said in the prompt and held by the grammar.
    const outlineCall = llm.callsFor("writer", "outline")[0]!;
    expect(outlineCall.prompt).toContain("要求：3 个章节；");
    expect(outlineCall.options.maxTokens).toBe(outlineMaxTokens(3));
    expect(of(events, "doc_outline_ready")[0]!.cached).toBe(false);
    expect(of(events, "module_review")).toHaveLength(6);
    // Text mode cleaned the source before the outline saw it.
    expect(llm.callsFor("writer", "outline")[0]!.prompt).toContain("一些  说明\n\n文字");
    // Only modules with rules no checker decides go to the model, and code_and_diagrams only when the
    // draft holds code, figures or identifiers (this one does not).
    expect(llm.callsFor("reviewer").map((c) => c.tag!.step).sort()).toEqual(["content_style", "metadata_and_structure", "naming_and_tags", "specific_sections"]);
    // Section concurrency: max(1, ceil(3/3)) = 1 worker.
    expect(of(events, "step_done").find((e) => e.step === "write_sections")!.summary).toContain("1 workers");
  });

  it("an outline that copies the prompt's example is no plan: the fallback outline is used and the timeline says why", async () => {
    // Gemma 3 270M's real answer to a Redis topic was the example itself, every scope verbatim.
    const llm = new ScriptedLlm({ replies: passingReplies({ "writer.outline": OUTLINE_EXAMPLES.zh }) });
    const { engine } = await start(llm);
    const { events } = await runDocgen(engine, { input_mode: "text", topic: "本地缓存服务部署说明", context: "缓存服务用 Redis 7，端口 6379。" });
    expect(events.at(-1)?.type).toBe("done");
    const outline = of(events, "doc_outline_ready")[0]!.outline;
    expect(outline.title).toBe("本地缓存服务部署说明");
    expect(outline.sections.map((s) => s.title)).toEqual(["概述", "使用方法", "参考"]);
    expect(JSON.stringify(outline)).not.toMatch(/demo-cli|命令参考|安装命令/);
    const done = of(events, "step_done").find((e) => e.step === "generate_draft")!;
    expect(done.summaryText).toEqual({ key: "outlineEchoFallback", params: { n: 3 } });
  });

  it("writes an English document with English prompts when the source is English (or locale: en)", async () => {
    const llm = new ScriptedLlm({ replies: passingReplies() });
    const { engine } = await start(llm);
    const { events } = await runDocgen(engine, { input_mode: "text", topic: "Deploying the demo service", context: "The service listens on port 8443 and reads config.yaml." });
    expect(events.at(-1)?.type).toBe("done");
    const outline = llm.callsFor("writer", "outline")[0]!;
    expect(outline.system).toContain("documentation architect");
    expect(outline.prompt).toContain("Document topic: Deploying the demo service");
    expect(llm.callsFor("writer", "section")[0]!.prompt).toMatch(/Write only section 1, "/);
    expect(llm.callsFor("reviewer")[0]!.system).toContain("technical-document reviewer");
    // An explicit locale wins over the detected one.
    const zh = new ScriptedLlm({ replies: passingReplies() });
    const second = await start(zh);
    await runDocgen(second.engine, { input_mode: "text", topic: "Demo", context: "Plain English notes.", locale: "zh" });
    expect(zh.callsFor("writer", "outline")[0]!.prompt).toContain("文档主题：Demo");
  });

  it("notes mode, content_style fails then passes after one revise", async () => {
    const notes = writeFiles(tempDataDir("notes-"), { "a.md": "---\ntitle: 安装笔记\ntags: [x]\n---\n# 安装\n\n步骤一。\n", "sub/b.md": "## 配置\n\n字段说明。\n", "c.txt": "not a note" });
    dirs.push(notes);
    const llm = new ScriptedLlm({ replies: passingReplies({ "reviewer.content_style": slangReviewer, "reviser.content_style": slangFixer }) });
    const { engine } = await start(llm);
    const { sessionId, events } = await runDocgen(engine, { input_mode: "notes", topic: "安装", source_path: notes });
    expect(events.at(-1)?.type).toBe("done");
    const outlinePrompt = llm.callsFor("writer", "outline")[0]!.prompt;
    expect(outlinePrompt).toContain("### 笔记 a.md\n元数据：title: 安装笔记；tags: [x]\n### 安装");
    expect(outlinePrompt).toContain("### 笔记 sub/b.md");
    expect(outlinePrompt).not.toContain("not a note");
    const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    const cs = v.modules.find((m: any) => m.key === "content_style");
    expect(cs).toMatchObject({ rounds: 1, violations_before: 3, violations_after: 0, status: "passed", breaker: false });
    expect(v.current_draft).not.toContain("贼好用");
    expect(v.current_draft.split("\n").every((l: string) => !/^\d{4}: /.test(l))).toBe(true);
    expect(v.replacements.kept).toBeGreaterThanOrEqual(3);
    const revise = of(events, "module_revise")[0]!;
    expect(revise.records.filter((r) => r.status === "kept").every((r) => r.new.includes("易于使用"))).toBe(true);
    // The revise may answer one replacement per line its findings point at (three), in the tokens those lines need.
    const reviseCall = llm.callsFor("reviser", "content_style")[0]!;
    const findingLines = reviseCall.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));
    expect(findingLines).toHaveLength(3);
    const at = Number(findingLines[0]!.slice(0, 4));
    const replacement = { start_line: at, end_line: at, old_text: "a", new_content: "b", reason: "6.6" };
    const { schema } = reviseCall.options as { schema: { safeParse(v: unknown): { success: boolean } } };
    expect(schema.safeParse({ replacements: Array(3).fill(replacement) }).success).toBe(true);
    expect(schema.safeParse({ replacements: Array(4).fill(replacement) }).success).toBe(false);
    expect(reviseCall.options.maxTokens).toBeLessThan(900);
    const versions = await engine.call("documents.versions" as never, { sessionId } as never).catch(() => null);
    if (versions) expect((versions as any).versions.length).toBe(2);
  });

  it("code mode, a module that never passes trips the breaker after 3 rounds", async () => {
    const code = writeFiles(tempDataDir("code-"), { "package.json": JSON.stringify({ name: "demo", main: "src/index.ts" }), "src/index.ts": "export function run() {}\n", ".env": "SECRET=1" });
    dirs.push(code);
    const llm = new ScriptedLlm({
      replies: passingReplies({
        "scanner.action": [
          { tool: "read_file", args: { path: "src/index.ts" }, reason: "入口" },
          { tool: "read_file", args: { path: ".env" }, reason: "配置" },
          { tool: "search_keyword", args: { query: "run" }, reason: "找调用" },
          { tool: "finish", args: {}, reason: "够了" },
        ],
        "scanner.overview": { summary: "demo 是一个示例项目。", components: [{ name: "src/index.ts", role: "导出 run" }], usage: "" },
        "reviewer.content_style": stubbornReviewer,
        "reviser.content_style": tinkerer,
      }),
    });
    const { engine } = await start(llm);
    const { sessionId, events } = await runDocgen(engine, { input_mode: "code", topic: "demo 说明", source_path: code });
    expect(events.at(-1)?.type).toBe("done");
    const steps = of(events, "scan_step");
    expect(steps.map((s) => [s.tool, s.ok])).toEqual([["read_file", true], ["read_file", false], ["search_keyword", true]]);
    expect(llm.callsFor("scanner", "action")[1]!.prompt).toContain("export function run() {}");
    expect(llm.callsFor("scanner", "action")[2]!.prompt).toContain("疑似密钥");
    expect(llm.callsFor("writer", "outline")[0]!.prompt).toContain("demo 是一个示例项目。");
    const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    const cs = v.modules.find((m: any) => m.key === "content_style");
    expect(cs).toMatchObject({ rounds: 3, breaker: true, status: "breaker", violations_after: 1 });
    expect(v.review_comments[0]).toMatch(new RegExp(`^${BREAKER_PREFIX}`));
    expect(of(events, "module_breaker")).toHaveLength(1);
    expect(llm.callsFor("reviser", "content_style")).toHaveLength(3);
    expect(llm.callsFor("reviewer", "content_style")).toHaveLength(4);
    expect(v.is_valid).toBe(false);
    // The repeated violation carries the severe warning from the second revise on.
    expect(llm.callsFor("reviser", "content_style")[0]!.prompt).not.toContain(REPEAT_PREFIX);
    expect(llm.callsFor("reviser", "content_style")[1]!.prompt).toContain(`${REPEAT_PREFIX}【6.3】第 1 行`);
  });

  it("the scan agent stops at max_scan_steps", async () => {
    const code = writeFiles(tempDataDir("code-"), { "a.ts": "export const a = 1;\n" });
    dirs.push(code);
    const llm = new ScriptedLlm({
      replies: passingReplies({
        "scanner.action": (_o: ScriptedCallOptions, i: number) => ({ tool: "list_dir", args: { path: i % 2 ? "." : "" }, reason: "再看看" }),
        "scanner.overview": { summary: "a", components: [], usage: "" },
      }),
    });
    const { engine } = await start(llm);
    const { events } = await runDocgen(engine, { input_mode: "code", topic: "a", source_path: code, max_scan_steps: 4 });
    expect(events.at(-1)?.type).toBe("done");
    expect(llm.callsFor("scanner", "action")).toHaveLength(4);
    expect(of(events, "scan_step").map((s) => s.summary)).toContain("repeated");
  });
});

describe("docgen: rollback, penalty, failures", () => {
  it("a revise that makes the module worse is rolled back to the previous draft", async () => {
    let reviews = 0;
    let first = 0;
    const llm = new ScriptedLlm({
      replies: passingReplies({
        "reviewer.content_style": (o: ScriptedCallOptions) => {
          reviews++;
          if (reviews === 1) {
            first = lineOf(o, "本节说明第一部分");
            return { violations: [{ rule_id: "6.3", line: first, excerpt: "本节说明第一部分", comment: "被动" }] };
          }
          if (reviews === 2) {
            const rows = o.prompt.split("\n").filter((l) => /^\d{4}: \S/.test(l) && Number(l.slice(0, 4)) >= first).slice(0, 2);
            return { violations: rows.map((l, k) => ({ rule_id: "6.3", line: Number(l.slice(0, 4)), excerpt: l.slice(6, 14), comment: `更糟 ${k}` })) };
          }
          return { violations: [] };
        },
        "reviser.content_style": (o: ScriptedCallOptions) => {
          const row = o.prompt.split("\n").find((l) => l.includes("本节说明第一部分"))!;
          return { replacements: [{ start_line: Number(row.slice(0, 4)), end_line: Number(row.slice(0, 4)), old_text: row.slice(6), new_content: "被改坏的一行。", reason: "x" }] };
        },
      }),
    });
    const { engine } = await start(llm);
    const { sessionId, events } = await runDocgen(engine, { input_mode: "text", topic: "演示", context: "资料" });
    expect(events.at(-1)?.type).toBe("done");
    const rollback = of(events, "module_rollback");
    expect(rollback).toEqual([expect.objectContaining({ module: "content_style", round: 1, before: 1, after: 2 })]);
    const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    // After the rollback the reviser ran again on the restored draft, with the penalty text.
    expect(llm.callsFor("reviser", "content_style")[1]!.prompt).toContain(REPEAT_PREFIX);
    expect(llm.callsFor("reviser", "content_style")[1]!.prompt).toContain("本节说明第一部分");
    expect(v.modules.find((m: any) => m.key === "content_style").status).toBe("passed");
  });

  it("a failed section becomes the failure marker, the others complete", async () => {
    const llm = new ScriptedLlm({
      replies: passingReplies({
        "writer.section": (o: ScriptedCallOptions) => {
          if (sectionIndexOf(o) === 1) throw new Error("模型崩溃");
          return section(o);
        },
      }),
    });
    const { engine } = await start(llm);
    const { sessionId, events } = await runDocgen(engine, { input_mode: "text", topic: "演示", context: "资料" });
    expect(events.at(-1)?.type).toBe("done");
    const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    expect(v.failed_sections).toEqual([1]);
    // The first draft holds the marker exactly; the typography fixer later makes its colon full-width.
    expect(of(events, "draft_ready")[0]!.markdown).toContain("【章节 2 生成失败: 模型崩溃】");
    expect(v.current_draft).toContain("【章节 2 生成失败：模型崩溃】");
    expect(v.current_draft).toContain("## 第三部分");
    expect(of(events, "section_done").find((e) => e.index === 1)).toMatchObject({ ok: false, error: "模型崩溃" });
  });

  it("interactive runs pause on the outline and on failed sections; one section is regenerated", async () => {
    let fail = true;
    const llm = new ScriptedLlm({
      replies: passingReplies({
        "writer.section": (o: ScriptedCallOptions) => {
          if (sectionIndexOf(o) === 2 && fail) throw new Error("超时");
          return section(o);
        },
      }),
    });
    const { engine } = await start(llm);
    const first = await runDocgen(engine, { input_mode: "text", topic: "演示", context: "资料", confirm_outline: true });
    const pause = first.events.at(-1) as Extract<EngineEvent, { type: "await_user" }>;
    expect(pause).toMatchObject({ type: "await_user", pausePoint: "outline_confirm", allowedActions: ["confirm", "regenerate"] });
    await expect(engine.call("run.resume", { sessionId: first.sessionId, payload: { action: "regenerate_section", index: 0 } })).rejects.toMatchObject({ code: "conflict" });
    await engine.call("run.resume", { sessionId: first.sessionId, payload: { action: "confirm" } });
    const { waitForEvent, isTerminal } = await import("../../testing/engineTestKit.js");
    let events = await waitForEvent(engine, first.sessionId, (e) => isTerminal(e) && e.seq > pause.seq);
    const failedPause = events.at(-1) as Extract<EngineEvent, { type: "await_user" }>;
    expect(failedPause).toMatchObject({ pausePoint: "sections_failed" });
    expect((failedPause.context as any).failed_sections).toEqual([2]);
    await expect(engine.call("run.resume", { sessionId: first.sessionId, payload: { action: "regenerate_section", index: 9 } })).rejects.toMatchObject({ code: "bad_request" });
    fail = false;
    const before = llm.callsFor("writer", "section").length;
    await engine.call("run.resume", { sessionId: first.sessionId, payload: { action: "regenerate_section", index: 2 } });
    events = await waitForEvent(engine, first.sessionId, (e) => isTerminal(e) && e.seq > failedPause.seq);
    expect(events.at(-1)?.type).toBe("done");
    expect(llm.callsFor("writer", "section").length - before).toBe(1);
    const v = (await engine.call("run.state", { sessionId: first.sessionId })).values as Record<string, any>;
    expect(v.current_draft).not.toContain("生成失败");
    expect(v.failed_sections).toEqual([]);
  });

  it("review-only mode goes straight to the pipeline and keeps the document apart from accepted replacements", async () => {
    const llm = new ScriptedLlm({ replies: { reviewer: { violations: [] }, "reviewer.content_style": slangReviewer, "reviser.content_style": slangFixer } });
    const { engine } = await start(llm);
    const doc = "# 我的文档\n\n第一段正常。\n\n这个工具贼好用。\n\n```js\nconst a=1\n```\n";
    const { sessionId, events } = await runDocgen(engine, { input_mode: "text", topic: "我的文档", context: doc, review_only: true });
    expect(events.at(-1)?.type).toBe("done");
    expect(llm.callsFor("writer")).toHaveLength(0);
    const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    expect(v.current_draft).toBe(doc.replace("贼好用", "易于使用"));
  });
});

describe("docgen: every mode × every outcome", () => {
  const outcomes = {
    pass: { "reviewer.content_style": { violations: [] } },
    "fail-then-pass": { "reviewer.content_style": slangReviewer, "reviser.content_style": slangFixer },
    breaker: { "reviewer.content_style": stubbornReviewer, "reviser.content_style": tinkerer },
    // A revise that keeps nothing leaves the draft as reviewed: the module stops after that round.
    stalled: { "reviewer.content_style": stubbornReviewer, "reviser.content_style": { replacements: [] } },
  } as const;
  const expected = {
    pass: { rounds: 0, status: "passed", breaker: false },
    "fail-then-pass": { rounds: 1, status: "passed", breaker: false },
    breaker: { rounds: 3, status: "breaker", breaker: true },
    stalled: { rounds: 1, status: "breaker", breaker: true },
  } as const;
  for (const mode of ["text", "notes", "code"] as const) {
    for (const outcome of Object.keys(outcomes) as Array<keyof typeof outcomes>) {
      it(`${mode} × ${outcome}`, async () => {
        const src = writeFiles(tempDataDir("src-"), { "a.md": "# 笔记\n\n内容。\n", "index.js": "export const x = 1;\n" });
        dirs.push(src);
        const llm = new ScriptedLlm({
          replies: passingReplies({
            "scanner.action": { tool: "finish", args: {}, reason: "骨架足够" },
            "scanner.overview": { summary: "示例。", components: [], usage: "" },
            ...outcomes[outcome],
          }),
        });
        const { engine } = await start(llm);
        const input = mode === "text" ? { input_mode: mode, topic: "矩阵", context: "资料" } : { input_mode: mode, topic: "矩阵", source_path: src };
        const { sessionId, events } = await runDocgen(engine, input);
        expect(events.at(-1)?.type).toBe("done");
        const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
        expect(v.modules.find((m: any) => m.key === "content_style")).toMatchObject(expected[outcome]);
        expect(v.review_comments.some((c: string) => c.startsWith(BREAKER_PREFIX))).toBe(outcome === "breaker" || outcome === "stalled");
        // The stalled module is not reviewed again on the draft its revise left unchanged.
        if (outcome === "stalled") expect(llm.callsFor("reviewer", "content_style")).toHaveLength(1);
        if (outcome === "fail-then-pass") expect(v.current_draft).not.toContain("贼好用");
      });
    }
  }
});
