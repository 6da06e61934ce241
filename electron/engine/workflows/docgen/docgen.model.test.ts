import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { EngineEvent } from "../../../../shared/events.js";
import { createTinyGguf } from "../../../../tests/fixtures/tinyGguf.js";
import { createEngine } from "../../createEngine.js";
import type { Engine } from "../../Engine.js";
import { LlamaCppProvider } from "../../llm/LlamaCppProvider.js";
import type { GenerateStructuredOptions, LlmClient } from "../../llm/LlmClient.js";
import { LlmService } from "../../llm/LlmService.js";
import { lintMarkdown } from "../../../../shared/rules/lintMarkdown.js";
import { writeFiles } from "../../testing/docgenTestKit.js";
import { isTerminal, tempDataDir, waitForEvent } from "../../testing/engineTestKit.js";

/**
 * The doc generator on real llama.cpp with the tiny generated GGUF (random weights: it writes
 * garbage). Asserted: every mode reaches `done` through the real grammar-constrained calls, and a
 * garbage model cannot damage a document — review-only keeps every line that no accepted
 * replacement touched, and the planted mechanical violations are gone (deterministic fixes).
 */
let service: LlmService;
let engine: Engine;
let dataDir: string;
const work = tempDataDir("docgen-model-work-");

const s = (max: number) => z.string().max(max);
/** Tighter schemas per call (each accepted value is valid under the real one, re-checked): fewer tokens for the random model. */
function tight(step: string, role: string, schema: z.ZodType): z.ZodType | undefined {
  if (role === "scanner" && step === "action") return z.object({ tool: z.enum(["list_dir", "get_file_outline", "finish"]), args: z.object({ path: s(12).optional() }), reason: s(8) });
  if (role === "scanner" && step === "overview") return z.object({ summary: s(20), components: z.array(z.object({ name: s(8), role: s(8) })).max(1), usage: s(8) });
  if (step === "outline") return z.object({ title: s(12), sections: z.array(z.object({ title: s(10), scope: s(10) })).min(1).max(2) });
  if (role === "reviewer") {
    const ruleId = ((schema as z.ZodObject<{ violations: z.ZodArray<z.ZodObject<{ rule_id: z.ZodType }>> }>).shape.violations.element.shape.rule_id);
    return z.object({ violations: z.array(z.object({ rule_id: ruleId, line: z.number().int(), excerpt: s(6), comment: s(8) })).max(1) });
  }
  if (role === "reviser") return z.object({ replacements: z.array(z.object({ start_line: z.number().int(), end_line: z.number().int(), old_text: s(30), new_content: s(16), reason: s(6) })).max(1) });
  return undefined;
}

function quick(llm: LlmClient): LlmClient {
  return {
    countTokens: (text: string) => llm.countTokens(text),
    contextTokens: () => llm.contextTokens(),
    id: llm.id,
    generateText: (options) => llm.generateText({ ...options, maxTokens: 24, maxContinuations: 0 }),
    generateStructured: async <T,>(options: GenerateStructuredOptions<T>) => {
      const narrow = tight(options.tag?.step ?? "", options.tag?.role ?? "", options.schema as z.ZodType) as z.ZodType<T> | undefined;
      const result = await llm.generateStructured({ ...options, schema: narrow ?? options.schema, maxTokens: 160, maxAttempts: 2 });
      return { ...result, value: options.schema.parse(result.value) };
    },
  };
}

beforeAll(async () => {
  const modelPath = await createTinyGguf();
  service = new LlmService();
  await service.load({ modelPath, threads: 1, sequences: 2, contextSize: 4096 });
  dataDir = tempDataDir("docgen-model-");
  engine = await createEngine({ dataDir, llm: quick(new LlamaCppProvider(service)), eventFlushIntervalMs: 5, recover: false });
});

afterAll(async () => {
  await engine?.dispose();
  await service?.dispose();
  for (const d of [dataDir, work]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

async function run(input: Record<string, unknown>): Promise<{ sessionId: string; events: EngineEvent[]; values: Record<string, any> }> {
  const { sessionId } = await engine.call("run.start", { workflow: "docgen", input } as never);
  const events = await waitForEvent(engine, sessionId, isTerminal);
  const last = events.at(-1)!;
  if (last.type !== "done") throw new Error(`run ended with ${JSON.stringify(last)}`);
  return { sessionId, events, values: (await engine.call("run.state", { sessionId })).values as Record<string, any> };
}

describe("docgen on the real tiny GGUF", () => {
  it("text, notes and code modes each reach done with a document and a report per module", async () => {
    const notes = writeFiles(path.join(work, "notes"), { "a.md": "---\ntitle: 笔记\n---\n# 安装\n\n运行安装命令。\n" });
    const code = writeFiles(path.join(work, "code"), { "package.json": JSON.stringify({ name: "tiny", main: "index.js" }), "index.js": "export function hello() {\n  return 1;\n}\n" });
    for (const input of [
      { input_mode: "text", topic: "小模型", context: "一段资料。" },
      { input_mode: "notes", topic: "笔记", source_path: notes },
      { input_mode: "code", topic: "代码", source_path: code, max_scan_steps: 2 },
    ]) {
      const { values, events } = await run(input);
      expect(values.current_draft.length, input.input_mode).toBeGreaterThan(0);
      expect(values.modules).toHaveLength(6);
      for (const m of values.modules) expect(["passed", "breaker"]).toContain(m.status);
      expect(values.modules.every((m: { rounds: number }) => m.rounds <= 3)).toBe(true);
      // Whatever the model wrote, no line of the document carries a revise line number.
      expect(values.current_draft.split("\n").some((l: string) => /^\d{4}: /.test(l))).toBe(false);
      if (input.input_mode === "code") expect(events.filter((e) => e.type === "scan_step").length).toBeLessThanOrEqual(2);
    }
  });

  it("review-only: planted mechanical violations are gone and no line changed outside accepted replacements", async () => {
    const doc = ["# 部署指南", "", "在LeanCloud上花了5000元!", "", "这是一段正常的说明文字。", "", "测试  文本里有多余空格。", "", "```bash", "npm  run build", "```", "", "最后一段保持不变。", ""].join("\n");
    const planted = lintMarkdown(doc).violations.map((v) => v.rule);
    expect(planted.length).toBeGreaterThan(2);
    const { values, events } = await run({ input_mode: "text", topic: "部署指南", context: doc, review_only: true });
    const out: string = values.current_draft;
    for (const rule of new Set(planted)) expect(lintMarkdown(out, undefined, { rules: [rule] }).violations, `rule ${rule}`).toEqual([]);
    // Every output line is an original line or came from a kept replacement; every original line is kept or was replaced by one.
    const kept = events.flatMap((e) => (e.type === "module_revise" ? e.records.filter((r) => r.status === "kept") : []));
    const produced = new Set(kept.flatMap((r) => r.new.split("\n")));
    const replaced = new Set(kept.flatMap((r) => r.old.split("\n")));
    const original = new Set(doc.split("\n"));
    for (const line of out.split("\n")) expect(original.has(line) || produced.has(line), `unexpected line ${JSON.stringify(line)}`).toBe(true);
    for (const line of doc.split("\n")) expect(out.split("\n").includes(line) || replaced.has(line), `lost line ${JSON.stringify(line)}`).toBe(true);
    // Code is never touched.
    expect(out).toContain("```bash\nnpm  run build\n```");
  });
});
