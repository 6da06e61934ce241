import type { Material } from "../../../shared/knowledge.js";
import type { ExportPort } from "./ExportPort.js";

/**
 * The ArticleExporter, imported on the first export: docx and the unified/rehype pipeline are
 * a second of start-up that only exports need.
 */
export function lazyArticleExporter(materialsOf: (sessionId: string) => Promise<Material[]> | Material[]): ExportPort {
  let exporter: Promise<ExportPort> | null = null;
  return {
    async export(request) {
      exporter ??= import("./ArticleExporter.js").then(({ ArticleExporter }) => new ArticleExporter(materialsOf));
      return (await exporter).export(request);
    },
  };
}
