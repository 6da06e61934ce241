import { Command } from "@langchain/langgraph";
import type { CompiledWorkflowGraph, PauseRequest } from "../workflows/WorkflowDefinition.js";
import { firstPause, pauseFromSnapshot } from "./pauses.js";
import type { SessionJournal } from "./SessionJournal.js";
import { threadConfig } from "./threadConfig.js";

export interface StreamRunOptions {
  sessionId: string;
  /** Aborts the run; an aborted run throws its reason. */
  signal: AbortSignal;
  /** Where node events and the written answer of a resume go. */
  journal: SessionJournal;
  /** Supersteps before LangGraph gives up. */
  recursionLimit: number;
  /** Nodes run at once (the settings' sequences). */
  maxConcurrency: number;
}

/** How a run that was not aborted came to rest: at a pause, or at its end with the final values. */
export type RunOutcome = { pause: PauseRequest; values?: undefined } | { pause: null; values: Record<string, unknown> };

/**
 * Stream one run of a session's graph from `input` (initial state, a `Command`, or null to go on
 * from the checkpoint), journaling node events as they come, until it pauses or ends.
 */
export async function streamRun(graph: CompiledWorkflowGraph, input: unknown, options: StreamRunOptions): Promise<RunOutcome> {
  const { sessionId, signal, journal } = options;
  const stream = await graph.stream(input, {
    ...threadConfig(sessionId),
    streamMode: ["custom", "updates"],
    durability: "sync",
    recursionLimit: options.recursionLimit,
    maxConcurrency: options.maxConcurrency,
    signal,
  });
  let pause: PauseRequest | null = null;
  // A resume or redirect hands LangGraph the user's answer, which it writes into the checkpoint
  // (NORMAL) as the stream opens; the first chunk comes after that write.
  let answerToSync = input instanceof Command;
  for await (const chunk of stream) {
    if (answerToSync) {
      answerToSync = false;
      journal.answerWritten(sessionId);
    }
    if (!Array.isArray(chunk) || chunk.length !== 2) continue;
    const [mode, data] = chunk as [string, unknown];
    if (mode === "custom") journal.nodeEvent(sessionId, data);
    else if (mode === "updates" && typeof data === "object" && data !== null && "__interrupt__" in data) {
      pause = firstPause((data as { __interrupt__: unknown }).__interrupt__) ?? pause;
    }
  }
  if (signal.aborted) throw signal.reason;
  // The stream reported the pause; only an end needs the snapshot's final values.
  const snapshot = pause ? null : await graph.getState(threadConfig(sessionId));
  pause ??= snapshot && pauseFromSnapshot(snapshot);
  return pause ? { pause } : { pause: null, values: snapshot?.values ?? {} };
}
