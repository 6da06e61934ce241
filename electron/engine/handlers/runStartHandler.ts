import { ScriptoriumError } from "../../../shared/errors.js";
import type { ThinkingMode } from "../../../shared/models.js";
import type { WorkflowRunner } from "../runtime/WorkflowRunner.js";
import type { SettingsStore } from "../storage/SettingsStore.js";
import type { CoreHandlers } from "./CoreHandlers.js";

type ModelMethods = Pick<CoreHandlers, "models.list" | "models.remote">;

/**
 * `run.start`. The brief's `model_name` (on the request, or in a workflow's start input as the
 * brief's article body has it) picks the model of this session only (brief §7.4): other sessions
 * keep theirs, and the session keeps it when resumed. With llama.cpp it names an installed model
 * (file name, with or without `.gguf`); with Ollama or an OpenAI-compatible server, a model the
 * server lists. Anything else is a bad request naming the available ones. `thinking` sets the
 * session's 思考 over the model's setting.
 */
export function runStartHandler(runner: WorkflowRunner, settings: SettingsStore, models: ModelMethods): CoreHandlers["run.start"] {
  const sessionModel = async (name: string): Promise<string> => {
    const backend = settings.get().backend;
    if (backend === "llamacpp") {
      const { installed } = await models["models.list"]({});
      const bare = (id: string) => id.replace(/^.*[\\/]/, "").replace(/\.gguf$/i, "").toLowerCase();
      const usable = installed.filter((m) => !m.error);
      const found = usable.find((m) => m.id === name || bare(m.id) === bare(name));
      if (found) return found.id;
      const names = usable.map((m) => m.id);
      throw new ScriptoriumError("bad_request", `model_name "${name}" is not installed; installed: ${names.length ? names.join(", ") : "(none)"}`, { installed: names, available: names });
    }
    const available = await remoteModels(backend, settings, models);
    if (available.includes(name)) return name;
    // Ollama answers `qwen3` for `qwen3:latest`.
    const tagged = backend === "ollama" && !name.includes(":") ? available.find((m) => m === `${name}:latest`) : undefined;
    if (tagged) return tagged;
    throw new ScriptoriumError("bad_request", `model_name "${name}" is not served by the ${backend === "ollama" ? "Ollama" : "model"} server; available: ${available.length ? available.join(", ") : "(none)"}`, {
      available,
    });
  };
  return async (request) => {
    const { workflow, input } = request;
    const extra = request as { model_name?: string; thinking?: ThinkingMode };
    const named = extra.model_name ?? (input as { model_name?: unknown }).model_name;
    const model = typeof named === "string" && named.trim() !== "" ? await sessionModel(named.trim()) : undefined;
    return runner.start(workflow, input, { ...(model ? { model } : {}), ...(extra.thinking ? { thinking: extra.thinking } : {}) });
  };
}

async function remoteModels(backend: "ollama" | "openai", settings: SettingsStore, models: ModelMethods): Promise<string[]> {
  if (backend === "openai") return (await models["models.remote"]({})).models;
  const { listOllamaModels } = await import("../llm/listOllamaModels.js");
  return listOllamaModels({ baseUrl: settings.get().ollama.baseUrl });
}
