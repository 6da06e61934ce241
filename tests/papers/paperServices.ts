import type { LlmClient } from "../../electron/engine/llm/LlmClient.js";
import { paperDeps, type PaperDeps } from "../../electron/engine/workflows/paper/PaperDeps.js";
import { PaperService } from "../../electron/engine/workflows/paper/library/PaperService.js";
import type { PlatformServices } from "../../electron/engine/workflows/WorkflowDefinition.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";

/**
 * The paper workflow's services for an engine or a studio (`workflowServices.paper`): its library on the test's
 * LLM (`undefined`: none, metadata from the PDF alone) and a 64-dimension hash embedder.
 */
export function paperServices(llm: LlmClient | undefined): (context: PlatformServices) => PaperDeps {
  return (context) =>
    paperDeps(
      context,
      new PaperService({
        dataDir: context.dataDir,
        modelsDir: context.modelsDir,
        db: context.db,
        settings: context.settings,
        llm: () => llm,
        embedder: new HashEmbedder(64),
      }),
    );
}
