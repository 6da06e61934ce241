import { ScriptoriumError } from "../../../shared/errors.js";

/**
 * Long jobs that a request method runs while the caller waits (a paper import), by the task id
 * their `progress` events carry, so `jobs.cancel {taskId}` can stop them. Jobs that own their
 * cancellation elsewhere (knowledge ingest, downloads, runs) are not kept here.
 */
export class JobRegistry {
  private readonly running = new Map<string, AbortController>();

  /** Runs `work` as job `taskId`; a second job with an id still running is refused (conflict). */
  async run<T>(taskId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.running.has(taskId)) throw new ScriptoriumError("conflict", `A job with task id ${taskId} is already running.`, { taskId });
    const controller = new AbortController();
    this.running.set(taskId, controller);
    try {
      return await work(controller.signal);
    } finally {
      this.running.delete(taskId);
    }
  }

  /** Aborts job `taskId`; false when no such job is running (it may just have finished). */
  cancel(taskId: string): boolean {
    const controller = this.running.get(taskId);
    controller?.abort(new ScriptoriumError("aborted", "Cancelled by the user."));
    return controller !== undefined;
  }

  /** Aborts every job (engine shutdown). */
  cancelAll(): void {
    for (const id of [...this.running.keys()]) this.cancel(id);
  }
}
