import { paperDeps } from "../../../electron/engine/workflows/paper/PaperDeps.js";
import type { PlatformServices } from "../../../electron/engine/workflows/WorkflowDefinition.js";
import path from "node:path";
import { createAppEngine, type AppEngine } from "../../../electron/engine/createAppEngine.js";
import { PaperRepository } from "../../../electron/engine/workflows/paper/library/PaperRepository.js";
import { PaperService } from "../../../electron/engine/workflows/paper/library/PaperService.js";
import type { Embedder, GenerateStructuredOptions, GenerateTextOptions, LlmClient } from "../../../electron/engine/llm/LlmClient.js";
import { cleanSection, outlineOf, sectionIndexOf } from "../../../electron/engine/testing/docgenTestKit.js";
import { ScriptedLlm, type ScriptedCallOptions, type ScriptedReply } from "../../../electron/engine/testing/ScriptedLlm.js";
import { HashEmbedder } from "../../knowledge/HashEmbedder.js";
import { PAPER_TITLE } from "../../papers/paperPdf.js";

/**
 * The scripted model of the docgen and paper crash runs. Every reply is a pure function of the
 * prompt (never of a call counter), so a run restarted in a new process after a SIGKILL gets the
 * same answers as an uninterrupted one, and the final documents can be compared byte for byte.
 */

/** The code folder the docgen run documents (written by the test). */
export const DOCGEN_CODE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "demo-cli", main: "src/index.ts" }),
  "src/index.ts": "// demo-cli entry\nexport function run(args: string[]): number {\n  return args.length;\n}\n",
  "src/util.ts": "export const VERSION = '1.0.0';\n",
};

/** The scan agent's plan: list, read, outline, finish — chosen by how many steps the prompt shows. */
const SCAN_PLAN = [
  { tool: "list_dir", args: { path: "." }, reason: "看目录" },
  { tool: "read_file", args: { path: "src/index.ts" }, reason: "入口" },
  { tool: "get_file_outline", args: { path: "src/util.ts" }, reason: "导出" },
  { tool: "finish", args: {}, reason: "够了" },
];

function scanAction(o: ScriptedCallOptions) {
  const done = [...o.prompt.matchAll(/步骤 (\d+)：/g)].length;
  return SCAN_PLAN[Math.min(done, SCAN_PLAN.length - 1)]!;
}

/** content_style: the slang lines (6.6, fixable) plus one complaint on line 1 (6.3) no revise removes → breaker after 3 rounds. */
function styleReviewer(o: ScriptedCallOptions) {
  const rows = o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l) && l.includes("贼好用"));
  return {
    violations: [
      ...rows.map((l) => ({ rule_id: "6.6", line: Number(l.slice(0, 4)), excerpt: "贼好用", comment: "口语化" })),
      // Quotes line 1, as a kept finding must (a finding quoting nothing is dropped before the revise).
      { rule_id: "6.3", line: 1, excerpt: (o.prompt.split("\n").find((l) => l.startsWith("0001: ")) ?? "").slice(6, 14), comment: "总是不满意" },
    ],
  };
}

/** Fixes the slang, and for the never-satisfied line 1 changes a line beside it each round (a revise that kept nothing would stop the module). */
function styleFixer(o: ScriptedCallOptions) {
  const rows = o.prompt.split("\n").filter((l) => /^\d{4}: /.test(l));
  const slang = rows.filter((l) => l.includes("贼好用")).map((l) => ({ start_line: Number(l.slice(0, 4)), end_line: Number(l.slice(0, 4)), old_text: l.slice(6), new_content: l.slice(6).replace("贼好用", "易于使用"), reason: "6.6" }));
  // Line 1 itself stays as it was (its finding is a repeat each round); a line next to it changes.
  const near = rows.find((l) => /^000[23]: \S/.test(l));
  const tinker = o.prompt.includes("总是不满意") && near ? [{ start_line: Number(near.slice(0, 4)), end_line: Number(near.slice(0, 4)), old_text: near.slice(6), new_content: `${near.slice(6)}（修订）`, reason: "6.3" }] : [];
  return { replacements: [...slang, ...tinker] };
}

/** Synthesis: an unsupported claim first; once the prompt lists unsupported claims (the retry), a supported one. */
function synthesis(o: ScriptedCallOptions): string {
  return /does not support|不支持|unsupported/i.test(o.prompt) ? "SparseRoute reaches 91.3% accuracy on DocBench [p.3]." : "SparseRoute reaches 97.9% accuracy on ImageNet [p.3].";
}

export function workflowReplies(): Record<string, ScriptedReply | readonly ScriptedReply[]> {
  return {
    "scanner.action": scanAction,
    "scanner.overview": { summary: "demo-cli 是一个命令行示例项目。", components: [{ name: "src/index.ts", role: "入口，导出 run" }], usage: "npm run build" },
    "writer.outline": outlineOf(3),
    "writer.section": (o) => cleanSection(outlineOf(3).sections[sectionIndexOf(o)]!.title),
    "reviewer.content_style": styleReviewer,
    "reviser.content_style": styleFixer,
    "chat.reply": "离线也能回答。",
    reviewer: { violations: [] },
    reviser: { replacements: [] },
    "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
    "paper.translate_terms": { terms: [] },
    "paper.router": { intent: "chat", reason: "问答" },
    "paper.chat": "The encoder uses 12 attention layers [p.2].",
    "paper.extraction": { problem: "Long documents are costly to encode.", method: "Sparse routing over eight experts.", datasets: ["DocBench"], key_results: [{ result: "91.3% accuracy on DocBench", page: 3 }] },
    "paper.analysis": { strengths: [{ point: "Ablation of the number of experts.", page: 3 }], weaknesses: [{ point: "No multilingual study.", page: 4 }], novelty: "Two of eight experts per token." },
    "paper.synthesis": synthesis,
    "paper.judge": (o) => ({ supported: false, evidence_chunk_id: String(/\((p[0-9a-f]+:\d+)\)/.exec(o.prompt)?.[1] ?? "x") }),
    "paper.questioner": { questions: ["Which baselines are used?", "What does Table 2 show?", "What are the limits?"] },
  };
}

/**
 * Where the process stops, as `<point>:<n>` — the n-th time (counted in this process) it reaches
 * `point`: an LLM call key (`scanner.action`, `writer.section`, `reviewer.content_style`,
 * `paper.extraction`, `paper.analysis`, `paper.synthesis`…), `embed` (an embedding batch of a paper
 * import) or `paper.insert` (the app.db write of an import, after its chunks went to LanceDB).
 */
export interface KillAt {
  point: string;
  nth: number;
}

export function parseKillAt(text: string | undefined): KillAt | null {
  if (!text) return null;
  const m = /^(.+):(\d+)$/.exec(text);
  if (!m) throw new Error(`--kill-at must be <point>:<n>, got ${text}`);
  return { point: m[1]!, nth: Number(m[2]) };
}

/** The line the process prints when it reaches its kill point (the test SIGKILLs it then). */
export const KILL_POINT_LINE = "KILLPOINT";
/** The line printed for every model call: `CALL <role.step>` (+ the 0-based index for a section). */
export const CALL_LINE = "CALL";

/** Calls announced in a process's output: `[{key, index?}]` in order. */
export function callsIn(output: string): Array<{ key: string; index?: number }> {
  return [...output.matchAll(/^CALL (\S+)(?: (-?\d+))?$/gm)].map((m) => ({ key: m[1]!, ...(m[2] !== undefined ? { index: Number(m[2]) } : {}) }));
}

/** Counts arrivals at each point; at the chosen one prints the marker and answers "hang". */
function killSwitch(killAt: KillAt | null, say: (line: string) => void) {
  const seen = new Map<string, number>();
  return (point: string): boolean => {
    const n = (seen.get(point) ?? 0) + 1;
    seen.set(point, n);
    if (!killAt || killAt.point !== point || killAt.nth !== n) return false;
    say(`${KILL_POINT_LINE} ${point}:${n}`);
    return true;
  };
}

const never = (): Promise<never> => new Promise<never>(() => undefined);

/**
 * The scripted model behind a kill switch: at the kill point a structured call never answers, a
 * text call streams a first piece and then never answers — the process is "inside" that call when
 * it dies.
 */
function killableLlm(script: ScriptedLlm, hit: (point: string) => boolean, say: (line: string) => void): LlmClient {
  const key = (o: ScriptedCallOptions) => (o.tag ? `${o.tag.role}.${o.tag.step ?? ""}` : "*");
  /** Each call is announced (`CALL <key> [section index]`), so a test counts calls across processes. */
  const announce = (o: ScriptedCallOptions): string => {
    const k = key(o);
    say(`${CALL_LINE} ${k}${k === "writer.section" ? ` ${sectionIndexOf(o)}` : ""}`);
    return k;
  };
  return {
    countTokens: (text: string) => script.countTokens(text),
    contextTokens: () => script.contextTokens(),
    id: script.id,
    generateText: async (o: GenerateTextOptions) => {
      if (hit(announce(o))) {
        o.onTextChunk?.("SparseRoute ");
        return never();
      }
      return script.generateText(o);
    },
    generateStructured: async <T>(o: GenerateStructuredOptions<T>) => (hit(announce(o as ScriptedCallOptions)) ? never() : script.generateStructured(o)),
  };
}

function killableEmbedder(inner: Embedder, hit: (point: string) => boolean): Embedder {
  return {
    modelId: inner.modelId,
    dimensions: inner.dimensions,
    embed: async (texts, signal) => (hit("embed") ? never() : inner.embed(texts, signal)),
  };
}

export interface WorkflowEngineOptions {
  dataDir: string;
  killAt?: KillAt | null;
  /** Where the kill marker goes; default stdout. */
  say?: (line: string) => void;
}

/**
 * The production engine wiring (`createAppEngine`: app.db (checkpoints included), LanceDB, the cache
 * dir, the docgen rule index, the paper library) over the scripted model and the hash embedder,
 * with the kill switch in the model, the paper embedder and the paper repository's insert.
 */
export async function buildWorkflowEngine(options: WorkflowEngineOptions): Promise<AppEngine> {
  const say = options.say ?? ((line: string) => process.stdout.write(`${line}\n`));
  const hit = killSwitch(options.killAt ?? null, say);
  if (options.killAt?.point === "paper.insert") {
    const insert = PaperRepository.prototype.insert;
    // Synchronous stop: the chunks are in LanceDB, the app.db transaction has not begun.
    PaperRepository.prototype.insert = function (this: PaperRepository, ...args: Parameters<typeof insert>) {
      if (hit("paper.insert")) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      return insert.apply(this, args);
    };
  }
  const llm = killableLlm(new ScriptedLlm({ replies: workflowReplies() }), hit, say);
  const embedder = killableEmbedder(new HashEmbedder(64), hit);
  const dataDir = path.resolve(options.dataDir);
  return createAppEngine({
    dataDir,
    llm,
    knowledgeOptions: { loadEmbedder: async () => new HashEmbedder(64) },
    workflowServices: {
      paper: (context: PlatformServices) =>
        paperDeps(context, new PaperService({ dataDir, modelsDir: context.modelsDir, db: context.db, settings: context.settings, llm: () => llm, embedder })),
    },
    eventFlushIntervalMs: 5,
  });
}
