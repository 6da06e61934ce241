import { ScriptoriumError } from "../../../shared/errors.js";
import type { KnowledgePort } from "../knowledge/KnowledgePort.js";
import type { ModelsPort } from "../llm/manager/ModelsPort.js";
import type { JobRegistry } from "../jobs/JobRegistry.js";
import type { CoreHandlers } from "./CoreHandlers.js";

export interface JobOwners {
  /** Jobs a request method runs (a paper import with a taskId). */
  jobs: JobRegistry;
  cancelModelLoad?: ((taskId: string) => boolean) | undefined;
  knowledge?: KnowledgePort | undefined;
  models?: ModelsPort | undefined;
}

/** `jobs.cancel`: each owner knows its own jobs; the first that holds the id stops it. */
export function jobsCancelHandler({ jobs, cancelModelLoad, knowledge, models }: JobOwners): CoreHandlers["jobs.cancel"] {
  return async ({ taskId }) => {
    if (jobs.cancel(taskId)) return { cancelled: true };
    if (cancelModelLoad?.(taskId)) return { cancelled: true };
    const cancellable = knowledge as { cancel?(id: string): boolean | Promise<boolean> } | undefined;
    if (await cancellable?.cancel?.(taskId)) return { cancelled: true };
    if (models) {
      try {
        await models.cancelDownload({ downloadId: taskId });
        return { cancelled: true };
      } catch (error) {
        if (!(error instanceof ScriptoriumError && error.code === "not_found")) throw error;
      }
    }
    return { cancelled: false };
  };
}
