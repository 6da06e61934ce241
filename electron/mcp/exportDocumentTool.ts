import { z } from "zod";
import { EXPORT_FORMATS, REFERENCE_STYLE_NAMES } from "../../shared/documents.js";
import type { McpToolSpec } from "../engine/workflows/WorkflowDefinition.js";

export const ExportDocumentInput = z
  .object({
    session_id: z.string().min(1).max(100).optional().describe("A session whose document to export (its latest version unless version is given)."),
    markdown: z.string().max(5_000_000).optional().describe("Instead of a session: the Markdown text to export (its GFM footnotes become notes)."),
    title: z.string().min(1).max(300).optional().describe("With markdown: the title and file name when the text has no '# ' heading."),
    format: z.enum(EXPORT_FORMATS),
    template: z.string().min(1).max(1000).optional().describe("DOCX/PDF layout: default, gb-t-9704 (Chinese official document), or the path of a reference .docx."),
    reference_style: z.enum(REFERENCE_STYLE_NAMES).optional(),
    version: z.number().int().min(1).optional(),
  })
  .strict();

/** `export_document`: `documents.export` as an MCP tool; binary formats come back base64-encoded. */
export const EXPORT_DOCUMENT_TOOL: McpToolSpec = {
  name: "export_document",
  title: "Export a document",
  description:
    "Export a session's document or a Markdown text as Markdown, HTML, DOCX or PDF (Chinese font embedded), laid out by a template (default, gb-t-9704, or a reference .docx). Returns fileName, mimeType, encoding (utf8 or base64) and content.",
  inputSchema: ExportDocumentInput,
  run: async (api, args: z.infer<typeof ExportDocumentInput>) => {
    const result = await api.call("documents.export", {
      format: args.format,
      ...(args.session_id !== undefined ? { sessionId: args.session_id } : {}),
      ...(args.markdown !== undefined ? { markdown: args.markdown } : {}),
      ...(args.title !== undefined ? { title: args.title } : {}),
      ...(args.template !== undefined ? { template: args.template } : {}),
      ...(args.reference_style !== undefined ? { referenceStyle: args.reference_style } : {}),
      ...(args.version !== undefined ? { number: args.version } : {}),
    });
    return { ...result };
  },
};
