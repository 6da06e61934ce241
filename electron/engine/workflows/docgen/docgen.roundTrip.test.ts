import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EngineEvent } from "../../../../shared/events.js";
import type { Engine } from "../../Engine.js";
import { docgenEngine, runDocgen } from "../../testing/docgenTestKit.js";
import { tempDataDir } from "../../testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../testing/ScriptedLlm.js";
import { REVIEW_EXAMPLE } from "./prompts.js";

/** Every lintMarkdown call of the run, by the text it linted (the real linter answers). */
const linted = vi.hoisted(() => [] as string[]);
vi.mock("../../../../shared/rules/lintMarkdown.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../../shared/rules/lintMarkdown.js")>();
  return {
    ...real,
    lintMarkdown: (text: string, ...rest: [never?, never?]) => {
      linted.push(text);
      return real.lintMarkdown(text, ...rest);
    },
  };
});

const engines: Engine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.dispose()));
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  linted.length = 0;
});

/** One module: a checker rule (2.1, the built-in's own, so its checker and fix apply) and a semantic one. */
const ONE_MODULE_GUIDE = [
  "# 单模块规范",
  "",
  "## content_style（内容风格）",
  "",
  "### 2.1 中文与英文、数字之间加空格",
  "",
  "- 类型：mechanical",
  "",
  "### 6.6 语气客观，不用口语和流行语",
  "",
  "- 类型：semantic",
  "",
].join("\n");

const DOC = ["# 工具说明", "", "这个工具贼好用。", "", "它支持Linux系统。", "", "第三段也贼好用。", ""].join("\n");
const draftOf = (o: ScriptedCallOptions) =>
  o.prompt
    .split("\n")
    .filter((l) => /^\d{4}: /.test(l))
    .map((l) => l.slice(6))
    .join("\n");
const slangRows = (o: ScriptedCallOptions) => o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));

async function start(llm: ScriptedLlm) {
  const made = await docgenEngine(llm);
  engines.push(made.engine);
  dirs.push(made.dataDir);
  return made;
}

const stepDone = (events: EngineEvent[], step: string) => events.filter((e): e is Extract<EngineEvent, { type: "step_done" }> => e.type === "step_done" && e.step === step);

describe("docgen review → revise: typed findings", () => {
  it("lints the reviewed draft once per round: the revise reuses the review's lint, only each candidate's result is linted", async () => {
    const reviewed: string[] = [];
    const llm = new ScriptedLlm({
      replies: {
        reviewer: (o: ScriptedCallOptions) => {
          reviewed.push(draftOf(o));
          return { violations: slangRows(o).map((l) => ({ rule_id: "6.6", line: Number(l.slice(0, 4)), excerpt: "贼好用", comment: "口语化" })) };
        },
        reviser: (o: ScriptedCallOptions) => ({
          replacements: slangRows(o).map((l) => ({ start_line: Number(l.slice(0, 4)), end_line: Number(l.slice(0, 4)), old_text: l.slice(6), new_content: l.slice(6).replace("贼好用", "易于使用"), reason: "6.6" })),
        }),
      },
    });
    const { engine, dataDir } = await start(llm);
    const guide = path.join(dataDir, "one.md");
    fs.writeFileSync(guide, ONE_MODULE_GUIDE);
    const { sessionId, events } = await runDocgen(engine, { input_mode: "text", topic: "工具说明", context: DOC, review_only: true, rules_file: guide });
    expect(events.at(-1)?.type).toBe("done");
    // Round 0 found the two slang lines (model) and the missing space (checker, fixed by code).
    expect(reviewed).toHaveLength(2);
    expect(reviewed[0]).toBe(DOC);
    const candidates = llm.callsFor("reviser").length;
    expect(candidates).toBe(1); // both 6.6 findings in one group: one revise call
    // The round's "before" draft is linted once (by the review), never again by the revise.
    expect(linted.filter((t) => t === DOC)).toHaveLength(1);
    // Per round: the review's one lint plus one per replacement the reviser proposed (2 here), then the next review's.
    expect(linted).toHaveLength(1 + 2 + 1);
    const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    expect(v.current_draft).toBe(DOC.replace(/贼好用/g, "易于使用").replace("Linux", " Linux "));
  });

  it("a note with no code makes no code-module call; the module is decided by its checkers", async () => {
    const llm = new ScriptedLlm({ replies: { reviewer: { violations: [] } } });
    const { engine } = await start(llm);
    const { events } = await runDocgen(engine, { input_mode: "text", topic: "会议纪要", context: "# 会议纪要\n\n今天讨论了排期。\n\n下周交付第一版。\n", review_only: true });
    expect(events.at(-1)?.type).toBe("done");
    const steps = llm.callsFor("reviewer").map((c) => c.tag!.step);
    expect(steps).not.toContain("code_and_diagrams");
    expect(steps).toContain("content_style");
    expect(stepDone(events, "review_code_and_diagrams")[0]?.summaryText?.key).toBe("reviewPassed");
  });

  it("a note with a command does get the code-module review", async () => {
    const llm = new ScriptedLlm({ replies: { reviewer: { violations: [] } } });
    const { engine } = await start(llm);
    const { events } = await runDocgen(engine, { input_mode: "text", topic: "安装", context: "# 安装\n\n先运行 `npm install` 安装依赖。\n", review_only: true });
    expect(events.at(-1)?.type).toBe("done");
    expect(llm.callsFor("reviewer").map((c) => c.tag!.step)).toContain("code_and_diagrams");
  });

  it("findings quoting text not in the draft and echoes of the example or schema never reach a revise call; the timeline says so", async () => {
    const describe = "the 4-digit line number where the problem is, as a number";
    const llm = new ScriptedLlm({
      replies: {
        reviewer: { violations: [] },
        "reviewer.content_style": {
          violations: [
            { rule_id: "6.6", line: 3, excerpt: "根本不存在的句子", comment: "口语化" },
            { rule_id: "6.6", line: 3, excerpt: "也没有这句", comment: "口语化" },
            { rule_id: "6.6", line: 2, excerpt: describe, comment: "what is wrong and how to fix it" },
            { rule_id: "6.6", line: 3, excerpt: REVIEW_EXAMPLE.zh.excerpt, comment: REVIEW_EXAMPLE.zh.comment },
          ],
        },
      },
    });
    const { engine } = await start(llm);
    // 16 lines: room for four findings (about one per four lines).
    const doc = ["# 周报", "", "本周完成了接口联调。", "", ...Array.from({ length: 6 }, (_, i) => [`第 ${i + 1} 项工作已交付。`, ""]).flat(), "下周继续。"].join("\n");
    const { events } = await runDocgen(engine, { input_mode: "text", topic: "周报", context: doc, review_only: true });
    expect(events.at(-1)?.type).toBe("done");
    expect(events.find((e) => e.type === "module_review" && e.module === "content_style")).not.toHaveProperty("model_error");
    expect(llm.callsFor("reviser")).toHaveLength(0);
    const done = stepDone(events, "review_content_style")[0]!;
    expect(done.summaryText).toMatchObject({ key: "reviewPassed", notes: [{ key: "ignoredQuotes", params: { n: 2 } }, { key: "ignoredEchoes", params: { n: 2 } }] });
    expect(done.summary).toContain("2 findings quoting text not in the document ignored");
  });
});
