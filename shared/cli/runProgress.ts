import type { EngineEvent } from "../events.js";
import type { CliContext } from "./CliContext.js";

/**
 * The engine events that tell how a run goes. The text streams (`token`, `thought`, `draft_chunk`)
 * are the run's output, not its progress, and the workflows' own events carry whole documents.
 */
const PROGRESS_EVENTS: ReadonlySet<string> = new Set([
  "connected",
  "step_start",
  "step_tokens",
  "step_done",
  "thinking_cut",
  "section_truncated",
  "progress",
  "await_user",
  "resumed",
  "done",
  "error",
]);

/** The line the CLI writes before anything else of a long run, so a caller sees it is alive at once. */
export interface RunStarted {
  type: "started";
  /** The command as typed after `npm run cli --`, flags left out (`docgen review`). */
  command: string;
  /** ISO time the command began. */
  ts: string;
}

/**
 * Progress of a long run for machines: with `--json` one JSON object a line on stderr (stdout keeps
 * the result alone), with `--events` the same lines on stdout before the result. The lines are the
 * engine's own events (the ones the HTTP stream and the app's timeline show), filtered to progress;
 * without `--json` nothing, since the human lines say the same.
 */
export class RunProgress {
  constructor(private readonly ctx: CliContext<any>) {}

  /** Whether progress lines are written at all (`--json` or `--events`). */
  get active(): boolean {
    return this.ctx.flags.json === true;
  }

  /** The first line, written before the engine opens. */
  started(command: string): void {
    const line: RunStarted = { type: "started", command, ts: new Date().toISOString() };
    this.write(line);
  }

  /** An engine event of the run; those that are not progress are skipped. */
  event(event: EngineEvent): void {
    if (!PROGRESS_EVENTS.has(event.type)) return;
    // `done` carries the run's whole public state, which the result line already gives.
    this.write(event.type === "done" ? { ...event, result: undefined } : event);
  }

  private write(line: object): void {
    if (!this.active) return;
    const text = JSON.stringify(line);
    if (this.ctx.flags.events) this.ctx.out(text);
    else this.ctx.err(text);
  }
}
