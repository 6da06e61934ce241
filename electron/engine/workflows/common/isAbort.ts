import { ScriptoriumError } from "../../../../shared/errors.js";

/** Whether an error is the run being cancelled (re-thrown), as opposed to a model failing (handled). */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof ScriptoriumError && error.code === "aborted");
}
