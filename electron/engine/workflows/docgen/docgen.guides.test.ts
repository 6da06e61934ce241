import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../shared/events.js";
import type { Engine } from "../../Engine.js";
import { docgenEngine, runDocgen } from "../../testing/docgenTestKit.js";
import { isTerminal, tempDataDir, waitForEvent } from "../../testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../testing/ScriptedLlm.js";
import { guideLibrary } from "./DocgenDeps.js";
import { validateGuide } from "./guides/validateGuide.js";

const engines: Engine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.dispose()));
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});
const tmp = (prefix: string) => {
  const d = tempDataDir(prefix);
  dirs.push(d);
  return d;
};

/** A guide with modules of its own: none of the built-in keys. */
const API_GUIDE = [
  "# 接口文档规范",
  "",
  "## api_docs（接口文档）",
  "",
  "### 1.1 每个接口写明返回值",
  "",
  "- 类型：semantic",
  "",
  "### 1.2 示例可以运行",
  "",
  "- 类型：semantic",
  "",
  "## tone（语气）",
  "",
  "### 2.1 不用口语",
  "",
  "- 类型：semantic",
  "",
].join("\n");

/** The tone module flags 贼 until it is gone; every other module passes. */
const reviewer = (o: ScriptedCallOptions) => {
  if (!o.prompt.includes("审查模块：语气")) return { violations: [] };
  const rows = o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼"));
  return { violations: rows.map((l) => ({ rule_id: "2.1", line: Number(l.slice(0, 4)), excerpt: "贼", comment: "口语" })) };
};
const reviser = (o: ScriptedCallOptions) => ({
  replacements: o.prompt
    .split("\n")
    .filter((l) => /^\d{4}: /.test(l) && l.includes("贼"))
    .map((l) => ({ start_line: Number(l.slice(0, 4)), end_line: Number(l.slice(0, 4)), old_text: l.slice(6), new_content: l.slice(6).replace("贼好用", "好用"), reason: "2.1" })),
});

async function engineWith(llm = new ScriptedLlm({ replies: { reviewer, reviser } })) {
  const made = await docgenEngine(llm);
  engines.push(made.engine);
  dirs.push(made.dataDir);
  return { ...made, llm };
}

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected a rejection");
};

describe("validateGuide: an unusable guide is refused, naming the problem", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["no module", "# 只有标题\n\n一些说明。\n", /has no module/],
    ["heading without a key", "## 排版\n\n### 1.1 空格\n\n- 类型：semantic\n", /"## 排版" \(line 1\) holds numbered rules but is not a module heading/],
    ["module without rules", "## a（甲）\n\n说明。\n\n## b（乙）\n\n### 1.1 规则\n\n- 类型：semantic\n", /module "a（甲）" has no numbered/],
    ["key used twice", "## a（甲）\n\n### 1.1 x\n\n- 类型：semantic\n\n## a（乙）\n\n### 2.1 y\n\n- 类型：semantic\n", /module key "a" twice/],
    ["rule id in two modules", "## a（甲）\n\n### 1.1 x\n\n- 类型：semantic\n\n## b（乙）\n\n### 1.1 y\n\n- 类型：semantic\n", /rule 1\.1 appears in both "a" and "b"/],
    ["rule without its type", "## a（甲）\n\n### 1.1 x\n\n没有类型行。\n", /Rule 1\.1 .*类型/],
    ["binary", "## a（甲）\u0000", /not a text file/],
  ];
  for (const [what, markdown, message] of cases) {
    it(what, async () => {
      const error = await rejection(validateGuide(markdown, "g.md"));
      expect(error.code).toBe("bad_request");
      expect(error.message).toMatch(message);
      expect(error.message).toContain("g.md");
    });
  }

  it("keys and names come from the guide's own headings", async () => {
    const guide = await validateGuide(API_GUIDE, "api.md");
    expect(guide.modules.map((m) => [m.id, m.name, m.rules.map((r) => r.id)])).toEqual([
      ["api_docs", "接口文档", ["1.1", "1.2"]],
      ["tone", "语气", ["2.1"]],
    ]);
  });
});

describe("GuideLibrary", () => {
  it("imports, lists (built-in first), replaces by name, refuses invalid guides without writing, deletes", async () => {
    const dataDir = tmp("guides-");
    const library = guideLibrary(dataDir);
    expect((await library.list()).map((g) => g.id)).toEqual(["builtin"]);
    const imported = await library.import({ name: "API Guide", markdown: API_GUIDE });
    expect(imported).toMatchObject({ id: "api-guide", name: "API Guide", builtin: false, modules: [{ key: "api_docs", name: "接口文档", rules: 2 }, { key: "tone", name: "语气", rules: 1 }] });
    const list = await library.list();
    expect(list.map((g) => g.id)).toEqual(["builtin", "api-guide"]);
    expect(list[0]!.modules.map((m) => m.key)).toContain("content_style");

    const bad = await rejection(library.import({ name: "Broken", markdown: "## 排版\n\n### 1.1 x\n\n- 类型：semantic\n" }));
    expect(bad.code).toBe("bad_request");
    expect(bad.message).toContain("not a module heading");
    expect(fs.readdirSync(path.join(dataDir, "guides")).sort()).toEqual(["api-guide.json", "api-guide.md"]);

    const replaced = await library.import({ name: "API Guide", markdown: API_GUIDE.replace("## tone（语气）", "## style（风格）") });
    expect(replaced.modules.map((m) => m.key)).toEqual(["api_docs", "style"]);
    expect((await library.list()).length).toBe(2);

    expect((await rejection(library.delete("builtin"))).code).toBe("bad_request");
    expect((await rejection(library.delete("nope"))).code).toBe("not_found");
    await library.delete("api-guide");
    expect((await library.list()).map((g) => g.id)).toEqual(["builtin"]);
  });
});

describe("docgen with a guide of its own modules", () => {
  it("docgen.importGuide → a run with `guide` reviews with that guide's review/revise nodes; its Mermaid shows them", async () => {
    const { engine, llm } = await engineWith();
    const { guide } = await engine.call("docgen.importGuide", { name: "API Guide", markdown: API_GUIDE });
    expect((await engine.call("docgen.listGuides", {})).guides.map((g) => g.id)).toEqual(["builtin", guide.id]);
    const doc = "# 接口\n\n这个接口贼好用。\n";
    const { sessionId, events } = await runDocgen(engine, { input_mode: "text", topic: "接口", context: doc, review_only: true, guide: guide.id });
    expect(events.at(-1)?.type).toBe("done");
    const steps = events.filter((e) => e.type === "step_start").map((e) => (e as Extract<EngineEvent, { type: "step_start" }>).step);
    expect(steps.filter((s) => /^(review|revise)_/.test(s))).toEqual(["review_api_docs", "review_tone", "revise_tone", "review_tone"]);
    const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    expect(v.review_pipeline).toEqual(["api_docs", "tone"]);
    expect(v.guide).toEqual({ id: "api-guide", name: "api-guide", modules: [{ key: "api_docs", name: "接口文档" }, { key: "tone", name: "语气" }] });
    expect(v.current_draft).toBe(doc.replace("贼好用", "好用"));
    for (const node of ["review_api_docs", "revise_api_docs", "review_tone", "revise_tone"]) expect(v.mermaid).toContain(node);
    expect(v.mermaid).not.toContain("review_content_style");
    // The review prompts name the guide's own modules and only its rule ids.
    const prompts = llm.calls.filter((c) => c.tag?.role === "reviewer").map((c) => c.prompt);
    expect(prompts.some((p) => p.includes("审查模块：接口文档") && p.includes("rule_id 只能是 1.1、1.2"))).toBe(true);
  });

  it("rules_file (a path) keeps working with any modules", async () => {
    const { engine } = await engineWith();
    const file = path.join(tmp("guide-file-"), "api.md");
    fs.writeFileSync(file, API_GUIDE);
    const { sessionId, events } = await runDocgen(engine, { input_mode: "text", topic: "接口", context: "# 接口\n\n正常。\n", review_only: true, rules_file: file });
    expect(events.at(-1)?.type).toBe("done");
    const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    expect(v.review_pipeline).toEqual(["api_docs", "tone"]);
    expect(v.guide.id).toBeNull();
  });

  it("an invalid guide or an unknown library id is refused at start: bad_request / not_found, no session created", async () => {
    const { engine } = await engineWith();
    const file = path.join(tmp("guide-bad-"), "bad.md");
    fs.writeFileSync(file, "## 排版\n\n### 1.1 x\n\n- 类型：semantic\n");
    const before = (await engine.call("sessions.list", {})).sessions.length;
    const bad = await rejection(engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "x", context: "y", rules_file: file } } as never));
    expect(bad.code).toBe("bad_request");
    expect(bad.message).toContain('"## 排版" (line 1)');
    const unknown = await rejection(engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "x", context: "y", guide: "nope" } } as never));
    expect(unknown.code).toBe("not_found");
    expect(unknown.message).toContain('"nope"');
    const both = await rejection(engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "x", context: "y", guide: "builtin", rules_file: file } } as never));
    expect(both.code).toBe("bad_request");
    expect((await engine.call("sessions.list", {})).sessions.length).toBe(before);
  });

  it("re-importing the guide while a run is paused changes nothing for that run (its own copy, its own graph)", async () => {
    const outline = { title: "接口", sections: [{ title: "概述", scope: "s" }] };
    const llm = new ScriptedLlm({ replies: { "writer.outline": outline, "writer.section": "## 概述\n\n这个接口贼好用。", reviewer, reviser } });
    const { engine } = await engineWith(llm);
    const { guide } = await engine.call("docgen.importGuide", { name: "API Guide", markdown: API_GUIDE });
    const { sessionId, events } = await runDocgen(engine, { input_mode: "text", topic: "接口", context: "资料", confirm_outline: true, guide: guide.id });
    expect(events.at(-1)).toMatchObject({ type: "await_user", pausePoint: "outline_confirm" });
    await engine.call("docgen.importGuide", { name: "API Guide", markdown: "## other（其他）\n\n### 9.1 x\n\n- 类型：semantic\n" });
    const seq = events.at(-1)!.seq;
    await engine.call("run.resume", { sessionId, payload: { action: "confirm" } });
    const rest = await waitForEvent(engine, sessionId, isTerminal, seq);
    expect(rest.at(-1)?.type).toBe("done");
    const v = (await engine.call("run.state", { sessionId })).values as Record<string, any>;
    expect(v.review_pipeline).toEqual(["api_docs", "tone"]);
    expect(v.current_draft).not.toContain("贼");
  });
});

describe("checkers of another guide", () => {
  it("a mechanical rule keeps the built-in checker only when it is the built-in rule (same id and title); otherwise the model decides", async () => {
    const dataDir = tmp("guide-checkers-");
    const file = path.join(dataDir, "g.md");
    const builtin = (await validateGuide(fs.readFileSync(path.join(import.meta.dirname, "..", "..", "..", "..", "rules", "DOC_GUIDELINES.md"), "utf8"), "b")).modules.flatMap((m) => m.rules);
    const [same, other] = builtin.filter((r) => r.type === "mechanical");
    // `other`'s number with another meaning: the built-in checker of that number must not judge it.
    fs.writeFileSync(file, `## mine（我的）\n\n### ${same!.id} ${same!.title}\n\n- 类型：mechanical\n\n### ${other!.id} 本团队的另一条规则\n\n- 类型：mechanical\n`);
    const { docgenDeps } = await import("./DocgenDeps.js");
    const deps = docgenDeps({ dataDir } as never);
    const guide = await deps.guide(file);
    expect(guide.modules[0]!.rules.map((r) => [r.id, r.type])).toEqual([
      [same!.id, "mechanical"],
      [other!.id, "semantic"],
    ]);
  });
});
