import { ScriptoriumError } from "../../../shared/errors.js";
import type { ExportPort } from "../../../electron/engine/EngineServices.js";

/** Markdown-only exporter for the browser tests: the download path is what they check. */
export function e2eExportPort(): ExportPort {
  return {
    async export(request) {
      if (request.format !== "markdown") throw new ScriptoriumError("unavailable", `${request.format} export is not wired in the browser tests.`);
      return { fileName: `article-v${request.version.number}.md`, mimeType: "text/markdown", encoding: "utf8", content: request.markdown };
    },
  };
}
