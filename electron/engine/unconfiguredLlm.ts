import { ScriptoriumError } from "../../shared/errors.js";
import type { LlmClient } from "./llm/LlmClient.js";

/** Stand-in until a model is wired: every call fails with `model_missing`, which the UI explains. */
export function unconfiguredLlm(): LlmClient {
  const fail = (): never => {
    throw new ScriptoriumError("model_missing", "No chat model is loaded. Import or download a GGUF model in Settings → Models.");
  };
  return { id: "none", generateText: async () => fail(), generateStructured: async () => fail() };
}
