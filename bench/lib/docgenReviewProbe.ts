import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAppEngine } from "../../electron/engine/createAppEngine.js";
import type { GenerateStructuredOptions, GenerateTextOptions, LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { runSession } from "../eval/evalEngine.js";
import { findRealModel } from "../eval/realModel.js";
import { loadDocgenSet } from "../eval/sets.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";

/**
 * Where a docgen review's time goes on the real model, call by call: each model call's step, its
 * budget, prompt and generated tokens and wall time; then the run's total. By hand:
 * `SCRIPTORIUM_REAL_THREADS=1 npx tsx bench/lib/docgenReviewProbe.ts note|hundred [guide.md]`.
 */
interface CallRecord {
  step: string;
  role: string;
  maxTokens: number | undefined;
  promptTokens: number;
  generated: number;
  ms: number;
}

class RecordingLlm implements LlmClient {
  readonly calls: CallRecord[] = [];
  constructor(private readonly inner: LlmClient) {}
  get id(): string {
    return this.inner.id;
  }
  countTokens(text: string): Promise<number> {
    return this.inner.countTokens(text);
  }
  contextTokens(): Promise<number> {
    return this.inner.contextTokens();
  }
  get rankChoices() {
    return this.inner.rankChoices?.bind(this.inner);
  }
  generateText(options: GenerateTextOptions) {
    return this.record(options, options.maxTokens, () => this.inner.generateText(options));
  }
  generateStructured<T>(options: GenerateStructuredOptions<T>) {
    return this.record(options, options.maxTokens, () => this.inner.generateStructured(options));
  }
  private async record<R extends { tokens: number }>(
    options: { system?: string; prompt: string; tag?: { role?: string; step?: string } },
    maxTokens: number | undefined,
    call: () => Promise<R>,
  ): Promise<R> {
    const started = performance.now();
    const result = await call();
    const ms = performance.now() - started;
    const promptTokens = await this.inner.countTokens(`${options.system ?? ""}\n${options.prompt}`);
    const c: CallRecord = { step: options.tag?.step ?? "?", role: options.tag?.role ?? "?", maxTokens, promptTokens, generated: result.tokens, ms };
    this.calls.push(c);
    // As it happens: a run stopped by a time limit still shows where its time went.
    console.log(`${c.role}/${c.step}\tmax ${c.maxTokens}\tprompt ${c.promptTokens}\tgen ${c.generated}\t${(c.ms / 1000).toFixed(1)} s`);
    return result;
  }
}

const NOTE = ["# 部署指南", "", "在LeanCloud上花了5000元!", "", "这是一段正常的说明文字。", "", "测试  文本里有多余空格。", "", "最后一段保持不变。", ""].join("\n");

function hundredLines(): string {
  const doc = loadDocgenSet().find((d) => d.locale === "zh")!.text;
  const body = doc.split("\n").slice(2).join("\n");
  return [doc.split("\n")[0], "", ...[1, 2].map((n) => body.replace(/^## (.+)$/gm, `## $1 ${n}`))].join("\n");
}

async function main(): Promise<void> {
  const which = process.argv[2] ?? "note";
  const guide = process.argv[3];
  const modelPath = findRealModel();
  if (!modelPath) throw new Error("the real model is not installed (npm run model:real)");
  const text = which === "hundred" ? hundredLines() : NOTE;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docgen-probe-"));
  let recorder: RecordingLlm | undefined;
  const engine = await createAppEngine({ dataDir, modelPath, appVersion: "probe", recover: false, llm: (context) => (recorder = new RecordingLlm(context.llm as LlmClient)) });
  await engine.call("settings.update", { contextSize: 4096, sequences: Number(process.env.PROBE_SEQUENCES ?? 1), threads: realThreads() });
  try {
    const started = performance.now();
    const { sessionId } = await engine.call("run.start", {
      workflow: "docgen",
      input: { input_mode: "text", topic: "部署指南", review_only: true, context: text, ...(guide ? { rules_file: guide } : {}) },
    } as never);
    const at = new Map<unknown, number>();
    const stop = engine.subscribe(sessionId, 0, (event) => void at.set(event, performance.now() - started));
    const run = await runSession(engine, sessionId, { deadlineMs: 1_800_000 });
    stop();
    for (const e of run.events as Array<Record<string, unknown>>) {
      if (e.type === "step_start" || e.type === "step_end") console.log(`${((at.get(e) ?? Number.NaN) / 1000).toFixed(1)} s\t${e.type}\t${e.step}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const sum = (f: (c: CallRecord) => number) => recorder!.calls.reduce((s, c) => s + f(c), 0);
    console.log(`${which}: ${text.split("\n").length} lines, ${run.outcome} in ${seconds.toFixed(1)} s; ${recorder!.calls.length} calls, prompt ${sum((c) => c.promptTokens)}, generated ${sum((c) => c.generated)}, model ${(sum((c) => c.ms) / 1000).toFixed(1)} s`);
  } finally {
    await engine.dispose();
  }
}

await main();
