import type { LlmClient } from "../../llm/LlmClient.js";
import type { PlatformServices } from "../WorkflowDefinition.js";
import { PaperService } from "./library/PaperService.js";

/** What the paper reader's graph and methods use. */
export interface PaperDeps {
  llm: LlmClient;
  settings: PlatformServices["settings"];
  /** The paper library (`paper.*` methods) the graph reads. */
  papers: PaperService;
  dispose(): Promise<void>;
}

/** The paper library on the platform's app.db and data dir; the embedder is the knowledge layer's when there is one. */
export function paperDeps(platform: PlatformServices, papers?: PaperService): PaperDeps {
  const service =
    papers ??
    new PaperService({
      dataDir: platform.dataDir,
      modelsDir: platform.modelsDir,
      db: platform.db,
      settings: platform.settings,
      llm: () => platform.llm,
      modelPath: platform.modelPath,
      ...(platform.embedder ? { embedder: platform.embedder } : {}),
    });
  return { llm: platform.llm, settings: platform.settings, papers: service, dispose: () => service.dispose() };
}
