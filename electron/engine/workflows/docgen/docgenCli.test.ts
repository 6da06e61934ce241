import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Engine } from "../../Engine.js";
import { cleanSection, docgenEngine, outlineOf, sectionIndexOf } from "../../testing/docgenTestKit.js";
import { tempDataDir, waitForEvent } from "../../testing/engineTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions } from "../../testing/ScriptedLlm.js";
import { runCli } from "../../../cli/runCli.js";

const work = tempDataDir("docgen-cli-");
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Run the CLI in-process on a real engine (SQLite, checkpoints, cache) with a scripted LLM. */
async function cli(argv: string[], engine: Engine) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(
    argv,
    { stdout: { write: (c: string | Uint8Array) => (stdout += c.toString()) }, stderr: { write: (c: string | Uint8Array) => (stderr += c.toString()) } },
    async () => Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined }),
  );
  return { code, stdout, stderr };
}

const replies = (extra: Record<string, unknown> = {}) =>
  ({
    "writer.outline": outlineOf(3),
    "writer.section": (o: ScriptedCallOptions) => cleanSection(outlineOf(3).sections[sectionIndexOf(o)]!.title),
    reviewer: { violations: [] },
    ...extra,
  }) as ConstructorParameters<typeof ScriptedLlm>[0]["replies"];

describe("docgen CLI", () => {
  it("start --wait --out --json prints the brief's report and writes the document", async () => {
    const { engine, dataDir } = await docgenEngine(new ScriptedLlm({ replies: replies() }));
    try {
      const src = path.join(work, "src.txt");
      fs.writeFileSync(src, "这是要写成文档的资料。");
      const out = path.join(work, "doc.md");
      const r = await cli(["docgen", "start", "--mode", "text", "--topic", "演示", "--text-file", src, "--wait", "--out", out, "--json"], engine);
      expect(r.code, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(Object.keys(report)).toEqual(["session_id", "status", "modules", "replacements", "output"]);
      expect(report.status).toBe("done");
      expect(report.output).toBe(out);
      expect(report.modules).toHaveLength(6);
      expect(Object.keys(report.modules[0])).toEqual(["key", "rounds", "violations_before", "violations_after", "breaker"]);
      expect(fs.readFileSync(out, "utf8")).toContain("# 演示文档");
      const list = await cli(["docgen", "list", "--json"], engine);
      expect(JSON.parse(list.stdout).sessions.map((s: { id: string }) => s.id)).toEqual([report.session_id]);
    } finally {
      await engine.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("review <file.md> --out --report repairs the document and records every replacement", async () => {
    const llm = new ScriptedLlm({
      replies: {
        reviewer: { violations: [] },
        "reviewer.content_style": (o: ScriptedCallOptions) => {
          const row = o.prompt.split("\n").find((l) => /^\d{4}: /.test(l) && l.includes("贼"));
          return { violations: row ? [{ rule_id: "6.6", line: Number(row.slice(0, 4)), excerpt: "贼好用", comment: "口语化" }] : [] };
        },
        "reviser.content_style": (o: ScriptedCallOptions) => {
          const row = o.prompt.split("\n").find((l) => /^\d{4}: /.test(l) && l.includes("贼"))!;
          return { replacements: [{ start_line: Number(row.slice(0, 4)), end_line: Number(row.slice(0, 4)), old_text: row.slice(6), new_content: row.slice(6).replace("贼好用", "好用"), reason: "6.6" }] };
        },
      },
    });
    const { engine, dataDir } = await docgenEngine(llm);
    try {
      const file = path.join(work, "mine.md");
      fs.writeFileSync(file, "# 我的文档\n\n在LeanCloud上花了5000元。\n\n这个工具贼好用。\n");
      const out = path.join(work, "fixed.md");
      const reportFile = path.join(work, "report.json");
      const r = await cli(["docgen", "review", file, "--out", out, "--report", reportFile, "--json"], engine);
      expect(r.code, r.stderr).toBe(0);
      expect(fs.readFileSync(out, "utf8")).toBe("# 我的文档\n\n在 LeanCloud 上花了 5000 元。\n\n这个工具好用。\n");
      const report = JSON.parse(fs.readFileSync(reportFile, "utf8"));
      expect(report.modules.find((m: { key: string }) => m.key === "typography_and_symbols")).toMatchObject({ rounds: 1, violations_after: 0 });
      expect(report.modules.find((m: { key: string }) => m.key === "typography_and_symbols").violations_before).toBeGreaterThan(0);
      expect(report.rounds.filter((e: { type: string }) => e.type === "module_revise").length).toBe(2);
      expect(report.replacements.kept).toBe(2);
    } finally {
      await engine.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("resume <id> of a cancelled run starts a new session that reuses the cached outline and sections", async () => {
    let hang = true;
    const llm = new ScriptedLlm({
      replies: replies({
        // The first run is stopped while content_style is being reviewed.
        "reviewer.content_style": (o: ScriptedCallOptions) =>
          hang ? new Promise((_resolve, reject) => o.signal?.addEventListener("abort", () => reject(o.signal!.reason), { once: true })) : { violations: [] },
      }),
    });
    const { engine, dataDir } = await docgenEngine(llm);
    try {
      const { sessionId } = await engine.call("run.start", { workflow: "docgen", input: { input_mode: "text", topic: "恢复", context: "资料二。" } });
      await waitForEvent(engine, sessionId, (e) => e.type === "step_start" && e.step === "review_content_style");
      await engine.call("run.cancel", { sessionId });
      expect((await engine.call("run.state", { sessionId })).session.status).toBe("cancelled");
      hang = false;
      const writerCalls = llm.callsFor("writer").length;
      const resumed = await cli(["docgen", "resume", sessionId, "--wait", "--json"], engine);
      expect(resumed.code, resumed.stderr).toBe(0);
      const report = JSON.parse(resumed.stdout);
      expect(report.session_id).not.toBe(sessionId);
      expect(report.status).toBe("done");
      // The WIP draft was reused: no outline, no section written twice.
      expect(llm.callsFor("writer").length).toBe(writerCalls);
    } finally {
      await engine.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("graph prints Mermaid with every module's nodes; usage errors exit 2", async () => {
    const { engine, dataDir } = await docgenEngine(new ScriptedLlm({ replies: replies() }));
    try {
      const g = await cli(["docgen", "graph"], engine);
      expect(g.code).toBe(0);
      for (const m of ["metadata_and_structure", "typography_and_symbols", "code_and_diagrams", "specific_sections", "naming_and_tags", "content_style"]) {
        expect(g.stdout).toContain(`review_${m}(review_${m})`);
        expect(g.stdout).toContain(`revise_${m} --> review_${m}`);
      }
      expect(g.stdout).toContain("graph TD");
      for (const argv of [["docgen", "start", "--mode", "poem", "--topic", "x"], ["docgen", "start", "--mode", "code", "--topic", "x"], ["docgen", "start", "--mode", "text", "--topic", "x"], ["docgen", "review"], ["docgen", "review", "/nope.md"]]) {
        const r = await cli(argv, engine);
        expect(r.code, argv.join(" ")).toBe(2);
      }
    } finally {
      await engine.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("guides import / list / delete, start --guide and graph --guide use the library guide's own modules", async () => {
    const { engine, dataDir } = await docgenEngine(new ScriptedLlm({ replies: replies() }));
    try {
      const guideFile = path.join(work, "team.md");
      fs.writeFileSync(guideFile, "# 团队规范\n\n## api_docs（接口文档）\n\n### 1.1 写明返回值\n\n- 类型：semantic\n");
      const imported = await cli(["docgen", "guides", "import", guideFile, "--name", "Team", "--json"], engine);
      expect(imported.code, imported.stderr).toBe(0);
      expect(JSON.parse(imported.stdout).guide).toMatchObject({ id: "team", modules: [{ key: "api_docs", name: "接口文档", rules: 1 }] });
      const list = await cli(["docgen", "guides"], engine);
      expect(list.stdout).toMatch(/^builtin .*\[built-in\]$/m);
      expect(list.stdout).toMatch(/^team +Team {2}\(api_docs（接口文档）\)$/m);
      const graph = await cli(["docgen", "graph", "--guide", "team"], engine);
      expect(graph.stdout).toContain("review_api_docs");
      expect(graph.stdout).not.toContain("review_content_style");
      const doc = path.join(work, "team-doc.md");
      fs.writeFileSync(doc, "# 文档\n\n正文。\n");
      const run = await cli(["docgen", "review", doc, "--guide", "team", "--json"], engine);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).modules.map((m: { key: string }) => m.key)).toEqual(["api_docs"]);
      const bad = path.join(work, "bad-guide.md");
      fs.writeFileSync(bad, "## 无键\n\n### 1.1 x\n\n- 类型：semantic\n");
      const refused = await cli(["docgen", "guides", "import", bad], engine);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain("not a module heading");
      expect((await cli(["docgen", "guides", "delete", "team"], engine)).code).toBe(0);
      expect((await cli(["docgen", "guides", "--json"], engine)).stdout).not.toContain('"team"');
    } finally {
      await engine.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
