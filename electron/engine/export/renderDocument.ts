import fs from "node:fs";
import path from "node:path";
import type { MethodOutput } from "../../../shared/api.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import { cleanMarkdownTables } from "./cleanTables.js";
import type { ExportDocument, RenderOptions } from "./ExportDocument.js";
import { BUILTIN_TEMPLATES, TEMPLATES, type BuiltinTemplate, type ExportTemplate } from "./exportTemplates.js";
import { fileSafe } from "./fileSafe.js";
import { markdownToDocx } from "./markdownToDocx.js";
import { markdownToHtml } from "./markdownToHtml.js";
import { markdownToPdf } from "./markdownToPdf.js";

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * One document to one file. Markdown keeps the citations as written with the reference list after
 * them; HTML, DOCX and PDF use the footnoted body (Word footnotes in DOCX, numbered notes in HTML
 * and PDF). A template lays out DOCX and PDF; tracked revisions are DOCX only.
 */
export async function renderDocument(document: ExportDocument, options: RenderOptions): Promise<MethodOutput<"documents.export">> {
  const { template, referenceDocx } = resolveTemplate(options.template);
  const base = `${fileSafe(document.fileName)}${options.suffix ?? ""}`;
  const references = document.references ?? "";
  const plain = `${withTitle(cleanMarkdownTables(document.markdown).trimEnd(), document.title)}${references}`;
  const noted = `${withTitle(cleanMarkdownTables(document.noted ?? document.markdown).trimEnd(), document.title)}${references}`;
  if (options.revisions && options.format !== "docx") {
    throw new ScriptoriumError("bad_request", `tracked changes are exported as docx only, not ${options.format}`, { format: options.format });
  }
  switch (options.format) {
    case "markdown":
      return { fileName: `${base}.md`, mimeType: "text/markdown; charset=utf-8", encoding: "utf8", content: plain };
    case "html":
      return { fileName: `${base}.html`, mimeType: "text/html; charset=utf-8", encoding: "utf8", content: await markdownToHtml(noted, document.title, document.locale) };
    case "docx": {
      const revisions = options.revisions;
      const original = revisions ? `${withTitle(cleanMarkdownTables(revisions.original.noted ?? revisions.original.markdown).trimEnd(), revisions.original.title)}${references}` : undefined;
      const content = await markdownToDocx(noted, document.title, {
        template,
        ...(referenceDocx ? { referenceDocx } : {}),
        ...(revisions && original !== undefined
          ? { revisions: { original, replacements: revisions.replacements, locale: document.locale, ...(revisions.date ? { date: revisions.date } : {}) } }
          : {}),
      });
      return { fileName: `${base}.docx`, mimeType: DOCX_MIME, encoding: "base64", content: content.toString("base64") };
    }
    case "pdf": {
      const content = await markdownToPdf(noted, document.title, { template, locale: document.locale });
      return { fileName: `${base}.pdf`, mimeType: "application/pdf", encoding: "base64", content: content.toString("base64") };
    }
  }
}

/** A built-in template by name, or a reference document by path (its styles for DOCX, the default layout for PDF). */
export function resolveTemplate(name: string | undefined): { template: ExportTemplate; referenceDocx?: Buffer } {
  if (name === undefined || name === "") return { template: TEMPLATES.default };
  if ((BUILTIN_TEMPLATES as readonly string[]).includes(name)) return { template: TEMPLATES[name as BuiltinTemplate] };
  if (path.extname(name).toLowerCase() !== ".docx") {
    throw new ScriptoriumError("bad_request", `Unknown template "${name}": use ${BUILTIN_TEMPLATES.join(", ")} or the path of a reference .docx.`, { template: name });
  }
  try {
    return { template: TEMPLATES.default, referenceDocx: fs.readFileSync(name) };
  } catch (error) {
    throw new ScriptoriumError("bad_request", `Cannot read the reference document ${name} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`, { template: name });
  }
}

/** A document the user stripped of its H1 still exports with a title (Word, browsers and PDF readers show it first). */
function withTitle(markdown: string, title: string): string {
  return /^\s*# /.test(markdown) ? markdown : `# ${title}\n\n${markdown}`;
}
