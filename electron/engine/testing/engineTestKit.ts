import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { EngineEvent } from "../../../shared/events.js";
import type { Engine } from "../Engine.js";
import type { GenerateTextOptions, GenerateTextResult, LlmClient } from "../llm/LlmClient.js";
import { estimateTokens } from "../llm/estimateTokens.js";

/**
 * Helpers for engine tests (not shipped code paths): temp data dirs, tiny inline LLM doubles and
 * event waiting. Prefer llm/ScriptedLlm.ts for workflow path tests.
 */

/** A fresh directory under the OS temp dir; the caller removes it. */
export function tempDataDir(prefix = "scriptorium-engine-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** An LLM that streams `chunks` (optionally yielding to the event loop between them) and returns their concatenation. */
export function chunkLlm(chunks: string[], options: { delayMs?: number; onChunk?: (index: number) => void } = {}): LlmClient {
  return {
    countTokens: async (text: string) => estimateTokens(text),
    contextTokens: async () => 4096,
    id: "test:chunks",
    async generateText(call: GenerateTextOptions): Promise<GenerateTextResult> {
      for (let i = 0; i < chunks.length; i++) {
        if (options.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (call.signal?.aborted) return { text: chunks.slice(0, i).join(""), stopReason: "abort", tokens: i, continuations: 0, durationMs: 1 };
        call.onTextChunk?.(chunks[i] as string);
        options.onChunk?.(i);
      }
      return { text: chunks.join(""), stopReason: "eog", tokens: chunks.length, continuations: 0, durationMs: 1 };
    },
    async generateStructured() {
      throw new Error("chunkLlm has no structured output");
    },
  };
}

/** An LLM that emits one chunk and then waits until its signal aborts (a generation cut by quit or cancel). */
export function hangingLlm(): LlmClient {
  return {
    countTokens: async (text: string) => estimateTokens(text),
    contextTokens: async () => 4096,
    id: "test:hanging",
    generateText(call: GenerateTextOptions): Promise<GenerateTextResult> {
      call.onTextChunk?.("…");
      return new Promise((resolve) => {
        const stop = () => resolve({ text: "…", stopReason: "abort", tokens: 1, continuations: 0, durationMs: 1 });
        if (call.signal?.aborted) stop();
        call.signal?.addEventListener("abort", stop, { once: true });
      });
    },
    async generateStructured() {
      throw new Error("hangingLlm has no structured output");
    },
  };
}

/** Resolve with the first event (replayed or live) matching `predicate`, and all events up to it. */
export function waitForEvent(engine: Engine, sessionId: string, predicate: (event: EngineEvent) => boolean, afterSeq = 0): Promise<EngineEvent[]> {
  return new Promise((resolve) => {
    const seen: EngineEvent[] = [];
    let unsubscribe: (() => void) | null = null;
    let found = false;
    unsubscribe = engine.subscribe(sessionId, afterSeq, (event) => {
      if (found) return;
      seen.push(event);
      if (predicate(event)) {
        found = true;
        queueMicrotask(() => unsubscribe?.());
        resolve(seen);
      }
    });
    if (found) unsubscribe();
  });
}

/** The end of a run: `done`, `error` or `await_user`. */
export const isTerminal = (event: EngineEvent): boolean => event.type === "done" || event.type === "error" || event.type === "await_user";
