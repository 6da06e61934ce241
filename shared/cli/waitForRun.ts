import type { ScriptoriumApi } from "../api.js";
import type { EngineEvent } from "../events.js";
import type { CliContext, ExitCode } from "./CliContext.js";
import { formatEvent } from "./formatEvent.js";
import { RunProgress } from "./runProgress.js";

/** The part of an AbortSignal a wait uses (shared/ has no DOM or Node types). */
export interface StopSignal {
  readonly reason: unknown;
  addEventListener(type: "abort", listener: () => void): void;
}

/** How a wait ended: the workflow paused for the user, finished, or failed. */
export type RunOutcome = Extract<EngineEvent, { type: "await_user" | "done" | "error" }>;

/**
 * Follow a session from `afterSeq` until it pauses, ends or fails, printing each event as a
 * progress line (or a JSON line with `--json`, plus its progress line on stderr: RunProgress).
 * `token` events are streamed raw in human mode.
 */
export function waitForRun(ctx: CliContext, api: ScriptoriumApi, sessionId: string, afterSeq: number, signal?: StopSignal): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    let unsubscribe: (() => void) | null = null;
    let finished: RunOutcome | null = null;
    let midLine = false;
    const progress = new RunProgress(ctx);
    const onEvent = (event: EngineEvent): void => {
      if (finished) return;
      if (ctx.flags.json) {
        ctx.out(JSON.stringify(event));
        // With --events stdout already is the event stream; --json alone also writes the progress lines on stderr.
        if (!ctx.flags.events) progress.event(event);
      } else if (event.type === "token") {
        ctx.write(event.text);
        midLine = !event.text.endsWith("\n");
      } else {
        const line = formatEvent(event, sessionId);
        if (line !== null) {
          if (midLine) ctx.write("\n");
          midLine = false;
          ctx.out(line);
        }
      }
      if (event.type === "await_user" || event.type === "done" || event.type === "error") {
        finished = event;
        if (midLine) ctx.write("\n");
        unsubscribe?.();
        resolve(event);
      }
    };
    signal?.addEventListener("abort", () => {
      unsubscribe?.();
      reject(signal.reason);
    });
    try {
      unsubscribe = api.subscribe(sessionId, afterSeq, onEvent);
      // subscribe may replay a terminal event synchronously, before `unsubscribe` was assigned.
      if (finished) unsubscribe();
    } catch (error) {
      reject(error);
    }
  });
}

/** A pause or a finished run is success; a failed run exits 1 (its error line was printed). */
export function outcomeCode(outcome: RunOutcome): ExitCode {
  return outcome.type === "error" ? 1 : 0;
}
