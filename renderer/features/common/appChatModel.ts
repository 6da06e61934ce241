import type { Settings } from "../../../shared/models.js";

/**
 * The model a session started without `model_name` writes with: the app's chat model on the chosen
 * backend (a llama.cpp model by its file name, as the model lists name it). Null when none is chosen.
 */
export function appChatModel(settings: Settings | null): string | null {
  if (!settings) return null;
  if (settings.backend === "ollama") return settings.ollama.model || null;
  if (settings.backend === "openai") return settings.openai.model || null;
  return settings.chatModel ? (settings.chatModel.split(/[\\/]/).pop() ?? null) : null;
}
