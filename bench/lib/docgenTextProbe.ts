import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAppEngine } from "../../electron/engine/createAppEngine.js";
import type { LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { runSession } from "../eval/evalEngine.js";
import { findRealModel } from "../eval/realModel.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";
import { TimedLlm } from "./timedLlm.js";

/**
 * Where a whole text-mode docgen run's time goes on the real model: the input of
 * `tests/realModel/docgen.real.test.ts` (three sentences, the guide cut to `content_style`), each
 * model call's step, prompt and generated tokens and wall time as it happens, then per step and the
 * total. By hand: `SCRIPTORIUM_REAL_THREADS=1 npx tsx bench/lib/docgenTextProbe.ts`.
 */
const CONTEXT = "缓存服务用 Redis 7，端口 6379。部署前先安装 Docker，然后运行 docker compose up -d。数据每天凌晨备份一次。";

/** The built-in guide's preamble plus its `content_style` module (as the real test cuts it). */
function contentStyleGuide(dir: string): string {
  const text = fs.readFileSync(path.resolve(import.meta.dirname, "../../rules/DOC_GUIDELINES.md"), "utf8");
  const kept = text.split(/^(?=## )/m).filter((part, i) => i === 0 || !/^## [a-z_]+（/.test(part) || part.startsWith("## content_style（"));
  const file = path.join(dir, "guide-content.md");
  fs.writeFileSync(file, kept.join(""));
  return file;
}

async function main(): Promise<void> {
  const modelPath = findRealModel();
  if (!modelPath) throw new Error("the real model is not installed (npm run model:real)");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docgen-text-probe-"));
  const perStep = new Map<string, { calls: number; prompt: number; generated: number; ms: number }>();
  let timed: TimedLlm | undefined;
  const engine = await createAppEngine({
    dataDir,
    modelPath,
    appVersion: "probe",
    recover: false,
    llm: (context) => {
      timed = new TimedLlm(context.llm as LlmClient);
      timed.onCall = (c) => {
        const s = perStep.get(c.step) ?? { calls: 0, prompt: 0, generated: 0, ms: 0 };
        perStep.set(c.step, { calls: s.calls + 1, prompt: s.prompt + c.promptTokens, generated: s.generated + c.generated, ms: s.ms + c.ms });
        console.log(`${c.step}\tprompt ${c.promptTokens}\tgen ${c.generated}\t${(c.ms / 1000).toFixed(1)} s`);
      };
      return timed;
    },
  });
  await engine.call("settings.update", { contextSize: 4096, sequences: 1, threads: realThreads() });
  try {
    const started = performance.now();
    const { sessionId } = await engine.call("run.start", {
      workflow: "docgen",
      input: { input_mode: "text", topic: "本地缓存服务部署说明", context: CONTEXT, rules_file: contentStyleGuide(dataDir) },
    } as never);
    const run = await runSession(engine, sessionId, { deadlineMs: 1_800_000 });
    const seconds = (performance.now() - started) / 1000;
    for (const [step, s] of perStep) console.log(`${step}\t${s.calls} calls\tprompt ${s.prompt}\tgen ${s.generated}\t${(s.ms / 1000).toFixed(1)} s`);
    const state = (await engine.call("run.state", { sessionId } as never).catch(() => null)) as { values?: { current_draft?: string } } | null;
    const draft = state?.values?.current_draft ?? "";
    const all = [...perStep.values()].reduce(
      (a, s) => ({ calls: a.calls + s.calls, prompt: a.prompt + s.prompt, generated: a.generated + s.generated }),
      { calls: 0, prompt: 0, generated: 0 },
    );
    console.log(`text mode: ${run.outcome} in ${seconds.toFixed(1)} s; ${all.calls} calls, prompt ${all.prompt}, generated ${all.generated}; draft ${draft.length} chars`);
    if (process.env.PROBE_DRAFT) console.log(draft);
  } finally {
    await engine.dispose();
  }
}

await main();
