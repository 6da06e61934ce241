import { ScriptoriumError } from "../../../shared/errors.js";
import type { WorkflowRunner } from "../runtime/WorkflowRunner.js";
import type { SettingsStore } from "../storage/SettingsStore.js";
import type { CoreHandlers } from "./CoreHandlers.js";

/**
 * `run.start`. The brief's `model_name`, in any workflow's start input: an installed model (file
 * name, with or without `.gguf`) becomes the chat model before the session starts; anything else is
 * a bad request naming the installed ones. One model is loaded at a time, so it stays the app's chat
 * model until another is chosen.
 */
export function runStartHandler(runner: WorkflowRunner, settings: SettingsStore, models: Pick<CoreHandlers, "models.list" | "models.select">): CoreHandlers["run.start"] {
  const useModel = async (name: string): Promise<void> => {
    const { installed } = await models["models.list"]({});
    const bare = (id: string) => id.replace(/^.*[\\/]/, "").replace(/\.gguf$/i, "").toLowerCase();
    const usable = installed.filter((m) => !m.error);
    const found = usable.find((m) => m.id === name || bare(m.id) === bare(name));
    if (!found) {
      const names = usable.map((m) => m.id);
      throw new ScriptoriumError("bad_request", `model_name "${name}" is not installed; installed: ${names.length ? names.join(", ") : "(none)"}`, { installed: names });
    }
    if (settings.get().chatModel !== found.id) await models["models.select"]({ chatModel: found.id });
  };
  return async ({ workflow, input }) => {
    const modelName = (input as { model_name?: unknown }).model_name;
    if (typeof modelName === "string") await useModel(modelName);
    return runner.start(workflow, input);
  };
}
