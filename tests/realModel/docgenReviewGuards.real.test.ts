import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { quoteAppears } from "../../shared/text/findQuote.js";
import type { EngineEvent } from "../../shared/events.js";
import type { LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { LlamaCppProvider } from "../../electron/engine/llm/LlamaCppProvider.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { docgenEngine, runDocgen } from "../../electron/engine/testing/docgenTestKit.js";
import { REVIEW_EXAMPLE } from "../../electron/engine/workflows/docgen/prompts.js";
import { echoTexts, isEcho } from "../../electron/engine/workflows/docgen/review/echoTexts.js";
import { reviewResultSchema } from "../../electron/engine/workflows/docgen/schemas.js";
import { describeReal } from "./describeReal.js";
import { realThreads } from "./realModelPath.js";

/**
 * The doc generator's review guards on what the real model writes: a short note reviewed by the
 * built-in guide's structure, code and content-style modules. Whatever Gemma answers, no finding that reaches
 * the timeline quotes text absent from the document, none copies the prompt's example or the
 * schema's descriptions, and the note (no code) gets no code-module model call.
 */
const NOTE = ["# 周会纪要", "", "本周完成了登录页面的改版，用户反馈贼好用。", "", "后端接口的响应时间降到了 200 毫秒。", "", "下周计划：补齐单元测试。", ""].join("\n");

function guideWith(keys: readonly string[]): string {
  const text = fs.readFileSync(path.resolve(import.meta.dirname, "../../rules/DOC_GUIDELINES.md"), "utf8");
  return text
    .split(/^(?=## )/m)
    .filter((part, i) => i === 0 || !/^## [a-z_]+（/.test(part) || keys.some((k) => part.startsWith(`## ${k}（`)))
    .join("");
}

describeReal("docgen review guards on the real model", (modelPath) => {
  const service = new LlmService();
  const steps: string[] = [];
  let engine: Engine;
  let dataDir = "";
  beforeAll(async () => {
    await service.load({ modelPath, threads: realThreads(), sequences: 1, contextSize: 4096 });
    const provider = new LlamaCppProvider(service);
    // The provider itself, with each structured call's step noted.
    const llm: LlmClient = Object.assign(Object.create(provider) as LlmClient, {
      generateStructured: ((options) => {
        steps.push(`${options.tag?.role}.${options.tag?.step}`);
        return provider.generateStructured(options);
      }) as LlmClient["generateStructured"],
    });
    ({ engine, dataDir } = await docgenEngine(llm));
  }, 300_000);
  afterAll(async () => {
    await engine?.dispose();
    await service.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps no finding whose quote is not in the note and no echo; no code-module call for a note without code", async () => {
    const guide = path.join(dataDir, "guide.md");
    fs.writeFileSync(guide, guideWith(["metadata_and_structure", "code_and_diagrams", "content_style"]));
    const { events } = await runDocgen(engine, { input_mode: "text", topic: "周会纪要", context: NOTE, review_only: true, rules_file: guide });
    expect(events.at(-1)?.type, JSON.stringify(events.filter((e) => e.type === "error"))).toBe("done");
    expect(steps).not.toContain("reviewer.code_and_diagrams");
    expect(steps).toContain("reviewer.content_style");
    // What the document held when each finding was made: the note, or text a kept replacement wrote.
    const written = events.flatMap((e) => (e.type === "module_revise" ? e.records.filter((r) => r.status === "kept").map((r) => r.new) : []));
    const document = [NOTE, ...written].join("\n");
    const references = echoTexts(reviewResultSchema(["6.1"], 8, 2), [REVIEW_EXAMPLE.zh.excerpt, REVIEW_EXAMPLE.zh.comment, REVIEW_EXAMPLE.en.excerpt, REVIEW_EXAMPLE.en.comment]);
    const found = events.flatMap((e: EngineEvent) => (e.type === "module_review" ? e.violations.filter((v) => v.source === "model") : []));
    for (const f of found) {
      expect(quoteAppears(document, f.excerpt), `quote not in the note: ${JSON.stringify(f)}`).toBe(true);
      expect(isEcho(f.comment, references.schema), `schema echo kept: ${JSON.stringify(f)}`).toBe(false);
    }
    const ignored = events.flatMap((e) => (e.type === "step_done" && e.summaryText?.notes ? e.summaryText.notes : []));
    console.log(`[real] docgen review guards: ${found.length} findings kept, ignored ${JSON.stringify(ignored)}, calls ${steps.join(", ")}`);
  }, 900_000);
});
