/**
 * `npx tsx bench/lib/orchestrationProfile.ts [runs]`: where the article bench run spends its time
 * outside model calls (what `workflow.orchestration_vs_floor` divides by the LangGraph floor).
 * The bench case as workflowBench runs it, with V8's sampling profiler on around the measured runs;
 * only samples outside every LLM call's interval are kept, and the top functions are printed by
 * self and by inclusive time. A probe, not a metric (docs/notes/orchestration-profile.md).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEngine } from "../../electron/engine/createEngine.js";
import type { GenerateStructuredOptions, GenerateTextOptions, LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { LlmService } from "../../electron/engine/llm/LlmService.js";
import { runArticleAnsweringAtOnce } from "../../electron/engine/testing/articleTestKit.js";
import { createTinyGguf } from "../../tests/fixtures/tinyGguf.js";
import { hybridArticleLlm } from "../../tests/reliability/helpers/hybridArticleLlm.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Records every model call's interval in µs of the profiler's clock (performance.now × 1000 + offset). */
function intervalsOf(inner: LlmClient, intervals: Array<[number, number]>): LlmClient {
  const timed = async <T>(call: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await call();
    } finally {
      intervals.push([start, performance.now()]);
    }
  };
  return {
    countTokens: (text) => inner.countTokens(text),
    contextTokens: () => inner.contextTokens(),
    get id() {
      return inner.id;
    },
    generateText: (options: GenerateTextOptions) => timed(() => inner.generateText(options)),
    generateStructured: <T>(options: GenerateStructuredOptions<T>) => timed(() => inner.generateStructured(options)),
  };
}

const runs = Number(process.argv[2] ?? 5);
const tmp = mkdtempSync(path.join(tmpdir(), "orch-prof-"));
const service = new LlmService();
await service.load({ modelPath: await createTinyGguf(), sequences: 2, contextSize: 1024 });
const intervals: Array<[number, number]> = [];
const engine = await createEngine({ dataDir: tmp, llm: intervalsOf(hybridArticleLlm(service, 48), intervals), search: { search: async (query) => [1, 2, 3].map((i) => ({ id: `${query}-${i}`, title: `${query} 资料 ${i}`, content: `关于 ${query} 的第 ${i} 条摘要。`, source: "bench", published_at: null, relevance_score: 1 / i, source_type: "library", url: null, recUuid: `${query}-${i}` })) } });
for (let i = 0; i < 2; i++) await runArticleAnsweringAtOnce(engine);
intervals.length = 0;
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
await session.post("Profiler.start");
const clockOffset = Number(process.hrtime.bigint()) / 1e6 - performance.now();
const spans: Array<[number, number]> = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  await runArticleAnsweringAtOnce(engine);
  spans.push([started, performance.now()]);
}
const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] } };
await engine.dispose();
await service.dispose();
rmSync(tmp, { recursive: true, force: true });

// The profiler's clock is µs since an arbitrary origin; align it by the first run's start (the profiler started just before).
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = profile.startTime;
// Both clocks are CLOCK_MONOTONIC (V8's TimeTicks and hrtime); performance.now() is hrtime less a fixed origin.
const origin = clockOffset;
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let kept = 0;
let idle = 0;
const busy = (ms: number) => intervals.some(([s, e]) => ms >= s && ms <= e);
const label = (n: ProfileNode) => `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.replace(/^.*\/(node_modules\/)?/, "")}:${n.callFrame.lineNumber + 1}`;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i]!;
  const ms = t / 1000 - origin;
  const dt = (profile.timeDeltas[i + 1] ?? 100) / 1000;
  if (busy(ms)) continue;
  const node = nodes.get(profile.samples[i]!)!;
  if (!spans.some(([s, e]) => ms >= s && ms <= e)) continue;
  if (node.callFrame.functionName === "(idle)") {
    idle += dt;
    continue;
  }
  kept += dt;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const l = label(nodes.get(id)!);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
  }
}
const wall = spans.reduce((sum, [s, e]) => sum + e - s, 0);
const llmMs = intervals.reduce((sum, [s, e]) => sum + e - s, 0);
console.log(`${runs} runs: ${wall.toFixed(0)} ms wall, ~${llmMs.toFixed(0)} ms in model calls (summed), ${kept.toFixed(0)} ms of CPU samples outside them, ${idle.toFixed(0)} ms idle outside them`);
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`).join("\n");
console.log(`\nself:\n${top(self, 40)}\n\ninclusive:\n${top(inclusive, 80)}`);
