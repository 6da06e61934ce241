import type { ScriptoriumApi } from "../api.js";
import { SYSTEM_STREAM } from "../events.js";
import type { EngineEvent } from "../events.js";
import type { CliContext } from "./CliContext.js";
import type { ImportReport } from "../knowledge.js";

/** The human lines of an import's report: one per listed file, then any not listed. */
export function importReportLines(report: ImportReport): string[] {
  const lines = report.files.map((f) => `  ${f.status.padEnd(8)} ${f.path}${f.reason ? ` — ${f.reason}` : ""}`);
  if (report.omitted) lines.push(`  … ${report.omitted} more file(s) not listed`);
  lines.push(`  imported ${report.imported} · skipped ${report.skipped} · failed ${report.failed}`);
  return lines;
}

/**
 * The system stream's last seq, so following it starts at "now". Task ids are unique, so when
 * the engine cannot list the system stream a full replay (cursor 0) is merely slower, not wrong.
 */
export async function systemStreamCursor(api: ScriptoriumApi): Promise<number> {
  try {
    const { events } = await api.call("events.list", { sessionId: SYSTEM_STREAM, afterSeq: 0 });
    return events.at(-1)?.seq ?? 0;
  } catch {
    return 0;
  }
}

/** Does this system event belong to `taskId`? Tasks name themselves in `progress.task` or an error's `details.task`. */
function concerns(event: EngineEvent, taskId: string): boolean {
  if (event.type === "progress") return event.task === taskId;
  if (event.type === "error") {
    const details = event.error.details as { task?: string; taskId?: string } | undefined;
    return details?.task === taskId || details?.taskId === taskId;
  }
  if (event.type === "done") return (event.result as { taskId?: string } | undefined)?.taskId === taskId;
  return false;
}

/**
 * Follow a background task (model download, ingest) on the system stream until its progress
 * reaches its total, or a `done`/`error` naming it arrives. Prints progress lines or JSON lines.
 * With `waitForReport` (an import) it ends at the progress event that carries the per-file report.
 * Resolves true on success. A task may still be finishing when this resolves; the engine's
 * dispose (which the CLI always awaits) waits for running tasks, so the process ends after it.
 */
export function waitForTask(
  ctx: CliContext,
  api: ScriptoriumApi,
  taskId: string,
  afterSeq: number,
  options: { waitForReport?: boolean } = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    let finished = false;
    let unsubscribe: (() => void) | null = null;
    const finish = (ok: boolean): void => {
      finished = true;
      unsubscribe?.();
      resolve(ok);
    };
    unsubscribe = api.subscribe(SYSTEM_STREAM, afterSeq, (event) => {
      if (finished || !concerns(event, taskId)) return;
      if (ctx.flags.json) ctx.out(JSON.stringify(event));
      if (event.type === "progress") {
        if (!ctx.flags.json) {
          ctx.out(`${event.task}: ${event.done}${event.total === null ? "" : `/${event.total}`}${event.message ? ` ${event.message}` : ""}`);
          // An import's last event: one line per file (the JSON line above carries the same report).
          if (event.report) for (const line of importReportLines(event.report)) ctx.out(line);
        }
        // An import's files reach n/n before its last event, the one with the report: wait for that.
        if (event.total !== null && event.done >= event.total && (!options.waitForReport || event.report)) finish(true);
      } else if (event.type === "error") {
        if (!ctx.flags.json) ctx.err(`error: ${event.error.message}`);
        finish(false);
      } else if (event.type === "done") {
        if (!ctx.flags.json) ctx.out(`done: ${event.summary}`);
        finish(true);
      }
    });
    if (finished) unsubscribe();
  });
}
