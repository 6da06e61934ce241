import type { Material } from "../../../shared/knowledge.js";
import { citationList, guessLocale } from "./citationList.js";
import { withCitationNotes } from "./citationNotes.js";
import type { ExportDocument, ExportSource } from "./ExportDocument.js";
import { styledReferenceList } from "./styledReferenceList.js";

/**
 * An ExportDocument of a text that cites materials as `[m001]`: each citation becomes a note
 * naming its source (HTML, DOCX, PDF), and the cited materials follow as the reference list, in
 * the chosen style or as the plain list. A workflow decides which materials a session may cite.
 */
export function citedDocument(input: {
  title: string;
  markdown: string;
  materials: readonly Material[];
  fileName?: string;
  locale?: "zh" | "en";
  referenceStyle?: ExportSource["referenceStyle"];
  referenceLocale?: ExportSource["referenceLocale"];
}): ExportDocument {
  const locale = input.locale ?? guessLocale(input.markdown);
  const { markdown, materials } = input;
  const references = input.referenceStyle
    ? styledReferenceList(markdown, materials, locale, input.referenceStyle, input.referenceLocale)
    : citationList(markdown, materials, locale);
  return { title: input.title, markdown, noted: withCitationNotes(markdown, materials, locale), references, locale, fileName: input.fileName ?? input.title };
}
