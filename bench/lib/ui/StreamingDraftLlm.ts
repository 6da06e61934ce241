import { setTimeout as sleep } from "node:timers/promises";
import type {
  GenerateStructuredOptions,
  GenerateTextOptions,
  GenerateTextResult,
  LlmClient,
  StructuredResult,
} from "../../../electron/engine/llm/LlmClient.js";
import { StudioLlm } from "../../../tests/e2e/harness/studioLlm.js";
import { chineseDraft } from "./chineseDraft.js";
import { estimateTokens } from "../../../electron/engine/llm/estimateTokens.js";

export interface StreamingDraftOptions {
  /** Characters of the whole draft, spread evenly over the sections; default 20 000. */
  totalChars?: number;
  /** Outline sections, all written concurrently by the workflow; default 4. */
  sections?: number;
  /** Characters per streamed chunk (a token or two of Chinese is 1–3 characters); default 10. */
  chunkChars?: number;
  /** Chunks per second per section stream, like one sequence of a batched llama.cpp pool; default 30. */
  chunksPerSecond?: number;
}

/**
 * The e2e studio's scripted LLM with a long writer: the outline has `sections` sections, and each
 * streams its share of a Chinese draft in small chunks on a real-time schedule, so the renderer
 * sees `draft_chunk` events at the rate a local model produces them instead of all at once. Every
 * other call (intent, keywords, reviews, chat) is answered by the browser tests' StudioLlm.
 */
export class StreamingDraftLlm implements LlmClient {
  readonly id = "scripted:ui-bench";

  async countTokens(text: string): Promise<number> {
    return estimateTokens(text);
  }

  async contextTokens(): Promise<number> {
    return 4096;
  }
  readonly totalChars: number;
  readonly sections: number;
  readonly chunkChars: number;
  readonly chunksPerSecond: number;
  /** Characters streamed so far by section calls. */
  streamedChars = 0;
  private readonly inner = new StudioLlm();
  private sectionCalls = 0;

  constructor(options: StreamingDraftOptions = {}) {
    this.totalChars = options.totalChars ?? 20_000;
    this.sections = options.sections ?? 4;
    this.chunkChars = options.chunkChars ?? 10;
    this.chunksPerSecond = options.chunksPerSecond ?? 30;
  }

  /** Seconds one section takes to stream at the configured pace. */
  get streamSeconds(): number {
    return Math.ceil(this.totalChars / this.sections / this.chunkChars) / this.chunksPerSecond;
  }

  async generateStructured<T>(options: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
    if (options.tag?.role !== "writer" || options.tag.step !== "outline") return this.inner.generateStructured(options);
    const outline = {
      title: "离线 AI 写作实践（长稿）",
      sections: Array.from({ length: this.sections }, (_, i) => ({
        section_title: `第${i + 1}部分：离线写作的实践`,
        key_points: ["本地模型", "检索增强"],
        material_ids: [i % 2 ? "m002" : "m001"],
      })),
    };
    // Parsed with the caller's schema, so a contract change fails here instead of measuring nothing.
    return { value: options.schema.parse(outline), attempts: 1, raw: JSON.stringify(outline), durationMs: 1, tokens: 1 };
  }

  async generateText(options: GenerateTextOptions): Promise<GenerateTextResult> {
    if (options.tag?.role !== "writer" || options.tag.step !== "section") return this.inner.generateText(options);
    const started = performance.now();
    // The section prompt names its position ("第 2/4 节" / "Section 2 of 4"); calls arrive in order otherwise.
    const position = /第 (\d+)\/\d+ 节|Section (\d+) of \d+/.exec(options.prompt);
    const index = position ? Number(position[1] ?? position[2]) - 1 : this.sectionCalls % this.sections;
    this.sectionCalls++;
    const text = chineseDraft(index, Math.round(this.totalChars / this.sections));
    const interval = 1000 / this.chunksPerSecond;
    let chunk = 0;
    for (let at = 0; at < text.length; at += this.chunkChars, chunk++) {
      // Scheduled against the start time, so timer lateness does not slow the stream down.
      const wait = started + chunk * interval - performance.now();
      if (wait > 0) await sleep(wait);
      if (options.signal?.aborted) {
        return { text: text.slice(0, at), stopReason: "abort", tokens: at, continuations: 0, durationMs: performance.now() - started };
      }
      const piece = text.slice(at, at + this.chunkChars);
      this.streamedChars += piece.length;
      options.onTextChunk?.(piece);
    }
    return { text, stopReason: "eog", tokens: text.length, continuations: 0, durationMs: performance.now() - started };
  }
}
