import type { MethodOutput } from "../../../shared/api.js";
import type { Material } from "../../../shared/knowledge.js";
import type { ExportPort, ExportRequest } from "./ExportPort.js";
import { citationList, guessLocale } from "./citationList.js";
import { withCitationNotes } from "./citationNotes.js";
import { styledReferenceList } from "./styledReferenceList.js";
import { cleanMarkdownTables } from "./cleanTables.js";
import { markdownToDocx } from "./markdownToDocx.js";
import { markdownToHtml } from "./markdownToHtml.js";

/** Exports a draft version as Markdown, HTML or DOCX, with citations resolved to a reference list. */
export class ArticleExporter implements ExportPort {
  constructor(private readonly materialsOf: (sessionId: string) => Promise<Material[]> | Material[]) {}

  async export(request: ExportRequest): Promise<MethodOutput<"documents.export">> {
    const locale = guessLocale(request.markdown);
    const materials = await this.materialsOf(request.sessionId);
    const body = withTitle(cleanMarkdownTables(request.markdown).trimEnd(), request.title);
    const list = request.referenceStyle ? styledReferenceList(request.markdown, materials, locale, request.referenceStyle, request.referenceLocale) : citationList(request.markdown, materials, locale);
    const markdown = `${body}${list}`;
    // issue 30: in HTML and DOCX each citation is also a numbered note / Word footnote naming its source.
    // The reference list is appended after the notes are made, so its own `[m001]` labels stay as written.
    const noted = `${withCitationNotes(body, materials, locale).trimEnd()}${list}`;
    const base = `${fileSafe(request.title)}-v${request.version.number}`;
    switch (request.format) {
      case "markdown":
        return { fileName: `${base}.md`, mimeType: "text/markdown; charset=utf-8", encoding: "utf8", content: markdown };
      case "html":
        return { fileName: `${base}.html`, mimeType: "text/html; charset=utf-8", encoding: "utf8", content: await markdownToHtml(noted, request.title, locale) };
      case "docx":
        return {
          fileName: `${base}.docx`,
          mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          encoding: "base64",
          content: (await markdownToDocx(noted, request.title)).toString("base64"),
        };
    }
  }
}

/** A draft the user stripped of its H1 still exports with a title (Word and browsers show it first). */
function withTitle(markdown: string, title: string): string {
  return /^\s*# /.test(markdown) ? markdown : `# ${title}\n\n${markdown}`;
}

/** A file name that is valid on Windows, macOS and Linux; Chinese is kept. */
export function fileSafe(title: string): string {
  const cleaned = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 80);
  return cleaned || "scriptorium";
}
