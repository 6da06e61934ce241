import type { EngineEvent } from "../../shared/events.js";
import { createAppEngine } from "../../electron/engine/createAppEngine.js";
import type { Engine } from "../../electron/engine/Engine.js";
import type { LlmClient } from "../../electron/engine/llm/LlmClient.js";
import type { Material } from "../../shared/knowledge.js";
import type { ResearchSearch } from "../../electron/engine/workflows/WorkflowDefinition.js";
import { TimedLlm } from "../lib/timedLlm.js";

/** The engine the eval drives, the LlmClient it runs on (the baselines use the same one) and the article's materials. */
export interface EvalEngine {
  engine: Engine;
  /** The engine's own LLM (settings-driven router → in-process llama.cpp on the real model), timed. */
  llm: TimedLlm;
  /** Materials the research step finds for the next article run. */
  setMaterials(materials: Material[]): void;
  /** From now on the research step runs the app's real search (the local library) instead of set materials. */
  useLibrarySearch(): void;
  /** Every query the research step issued since the last call, emptied by the call. */
  takeSearchQueries(): string[];
  dispose(): Promise<void>;
}

/**
 * The app's composition root on the real model: `createAppEngine` with `modelPath`, the default
 * LLM router (in-process llama.cpp), the knowledge layer's embedder shared with the paper library
 * (the chat model embeds: no embedding model is installed). Research search returns the set's
 * materials (the eval has no intranet), or, after `useLibrarySearch()`, runs the app's own search over
 * what was ingested into the library; either way the queries are recorded, so keyword echo shows.
 */
export async function createEvalEngine(
  dataDir: string,
  modelPath: string,
  settings: { contextSize: number; sequences: number; threads?: number },
): Promise<EvalEngine> {
  let materials: Material[] = [];
  let library = false;
  let queries: string[] = [];
  const search: ResearchSearch = {
    search: async (query, options) => {
      queries.push(query);
      if (library && !appSearch) throw new Error("eval: the library search is not built yet");
      return library && appSearch ? appSearch.search(query, options) : materials.slice(0, options.limit);
    },
  };
  let timed: TimedLlm | undefined;
  // The app's own search, built inside createAppEngine: known only once it returns.
  let appSearch: ResearchSearch | undefined;
  const engine = await createAppEngine({
    dataDir,
    modelPath,
    appVersion: "eval",
    recover: false,
    search,
    llm: (context) => (timed = new TimedLlm(context.llm as LlmClient)),
  });
  appSearch = engine.app.search;
  await engine.call("settings.update", {
    contextSize: settings.contextSize,
    sequences: settings.sequences,
    ...(settings.threads ? { threads: settings.threads } : {}),
  });
  return {
    engine,
    llm: timed!,
    setMaterials: (next) => (materials = next),
    useLibrarySearch: () => (library = true),
    takeSearchQueries: () => {
      const taken = queries;
      queries = [];
      return taken;
    },
    dispose: () => engine.dispose(),
  };
}

/** Events of a session until `done` / `error` (pauses answered by `onPause`), or until `deadlineMs` (then cancelled). */
export function runSession(
  engine: Engine,
  sessionId: string,
  options: { deadlineMs: number; onPause?: (event: Extract<EngineEvent, { type: "await_user" }>) => Record<string, unknown> | null; stopWhen?: (event: EngineEvent) => boolean },
): Promise<{ events: EngineEvent[]; outcome: "done" | "error" | "timeout" | "stopped" }> {
  const events: EngineEvent[] = [];
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: "done" | "error" | "timeout" | "stopped") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      queueMicrotask(stop);
      if (outcome === "timeout" || outcome === "stopped") void engine.call("run.cancel", { sessionId }).catch(() => undefined);
      resolve({ events, outcome });
    };
    const timer = setTimeout(() => finish("timeout"), options.deadlineMs);
    const stop = engine.subscribe(sessionId, 0, (event: EngineEvent) => {
      events.push(event);
      if (options.stopWhen?.(event)) return finish("stopped");
      if (event.type === "done") return finish("done");
      if (event.type === "error") return finish("error");
      if (event.type === "await_user" && options.onPause) {
        const payload = options.onPause(event);
        if (payload === null) return finish("done");
        engine.call("run.resume", { sessionId, payload } as never).catch(() => finish("error"));
      }
    });
  });
}
