import fs from "node:fs";
import path from "node:path";
import { CatalogSchema, type ThinkingMode } from "../../../../shared/models.js";

/**
 * The 思考 default of a model from the shipped catalog, matched by file name (an installed id may
 * carry a folder; a remote name such as `qwen3:4b` matches no file and gets the router's default).
 * Read once; an unreadable catalog gives no defaults rather than failing a model call.
 */
export function catalogThinking(catalogPath: string): (model: string) => ThinkingMode | undefined {
  let byFile: Map<string, ThinkingMode> | null = null;
  return (model) => {
    if (!byFile) {
      byFile = new Map();
      try {
        const catalog = CatalogSchema.parse(JSON.parse(fs.readFileSync(catalogPath, "utf8")));
        for (const entry of catalog.models) if (entry.thinking) byFile.set(entry.fileName.toLowerCase(), entry.thinking);
      } catch {
        // No catalog (a test data dir): every model gets the router's default.
      }
    }
    return byFile.get(path.basename(model).toLowerCase());
  };
}
