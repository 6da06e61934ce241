import type { ModelWarning, Settings } from "../../../../shared/models.js";
import type { ModelManager } from "./ModelManager.js";

/**
 * What `models.list().warnings` tells the user about the current choice: a selected file that
 * is gone, and the embedding fallback (the chat model embeds the library when no embedding model
 * is selected: it works, but retrieval is weaker and slower, and choosing one later re-indexes).
 * Each carries a code the UI translates; `message` is the English sentence for the CLI and logs.
 */
export async function modelWarnings(settings: Settings, modelPath: string | null, manager: Pick<ModelManager, "resolveModelPath">): Promise<ModelWarning[]> {
  const warnings: ModelWarning[] = [];
  for (const [role, id] of [["chat", settings.chatModel], ["embedding", settings.embeddingModel]] as const) {
    if (id && !(await manager.resolveModelPath(id))) {
      warnings.push({ code: "selected_missing", role, model: id, message: `The selected ${role} model ${id} is missing; import or download it again, or choose another.` });
    }
  }
  const chat = modelPath ?? settings.chatModel;
  if (!settings.embeddingModel) {
    warnings.push(
      chat
        ? {
            code: "embedding_fallback",
            model: chat,
            message: `No embedding model is selected: the chat model ${chat} also embeds the library, which is slower and retrieves less well. Select an embedding model (the library is then re-indexed).`,
          }
        : { code: "no_models", message: "No embedding model and no chat model are selected: the library cannot be indexed or searched yet." },
    );
  }
  return warnings;
}
