import { ScriptoriumError } from "../../../../shared/errors.js";
import type { paperContract } from "../../../../shared/workflows/paper.js";
import type { MethodContext, MethodHandlers } from "../WorkflowDefinition.js";
import type { PaperDeps } from "./PaperDeps.js";

/** The `paper.*` methods (schemas in shared/workflows/paper.ts) over the paper library. */
export function paperMethods({ papers }: PaperDeps, { jobs, emitSystem }: MethodContext): MethodHandlers<typeof paperContract> {
  return {
    // With a taskId the import is a job: `progress` per file on the system stream, stopped by `jobs.cancel`.
    import: async (input) => {
      const taskId = input.taskId;
      if (!taskId) return papers.import(input);
      const total = input.paths.length;
      const progress = (done: number, message: string) => emitSystem({ type: "progress", task: taskId, done, total, message });
      progress(0, input.paths[0]?.split(/[\\/]/).pop() ?? "");
      try {
        return await jobs.run(taskId, (signal) => papers.import(input, signal, (done, _total, name) => progress(done, name)));
      } catch (error) {
        // The bar must end: a failed or cancelled import reports its last state as finished.
        progress(total, error instanceof ScriptoriumError && error.code === "aborted" ? "cancelled" : "failed");
        throw error;
      }
    },
    list: async (input) => papers.list(input),
    get: async (input) => papers.get(input),
    delete: (input) => papers.delete(input),
    checkClaims: (input) => papers.checkClaims(input),
    history: async (input) => papers.history(input),
  };
}
