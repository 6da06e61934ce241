import JSZip from "jszip";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { ExportTemplate } from "./exportTemplates.js";

const SECT_PR = /<w:sectPr\b[\s\S]*?<\/w:sectPr>/g;

/**
 * `generated` restyled by a user's reference document, the way pandoc's `--reference-doc` does:
 * the reference's styles, theme, font table and settings replace the generated ones, and its page
 * size and margins replace the generated page. The text itself carries no direct fonts, so Normal,
 * Title, Heading 1… and the footnote styles of the reference decide how it looks.
 */
export async function withReferenceDocx(generated: Buffer, reference: Buffer): Promise<Buffer> {
  let ref: JSZip;
  try {
    ref = await JSZip.loadAsync(reference);
  } catch (error) {
    throw new ScriptoriumError("bad_request", `The reference document is not a .docx file (${(error as Error).message}).`, {});
  }
  const styles = ref.file("word/styles.xml");
  if (!styles) throw new ScriptoriumError("bad_request", "The reference document has no word/styles.xml; save it from Word or WPS as .docx.", {});
  const out = await JSZip.loadAsync(generated);
  out.file("word/styles.xml", await styles.async("nodebuffer"));
  for (const part of ["word/theme/theme1.xml", "word/fontTable.xml"]) {
    const file = ref.file(part);
    if (file && out.file(part)) out.file(part, await file.async("nodebuffer"));
  }
  const refSect = lastSectPr(await ref.file("word/document.xml")?.async("string"));
  if (refSect) {
    const document = await out.file("word/document.xml")!.async("string");
    const page = (xml: string, tag: string) => new RegExp(`<w:${tag}\\b[^>]*/>`).exec(xml)?.[0];
    const replaced = document.replace(SECT_PR, (sect) => {
      let next = sect;
      for (const tag of ["pgSz", "pgMar"]) {
        const wanted = page(refSect, tag);
        const had = page(sect, tag);
        if (wanted && had) next = next.replace(had, wanted);
      }
      return next;
    });
    out.file("word/document.xml", replaced);
  }
  return out.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/**
 * The template's fonts named with their alternatives in the font table (`w:altName`): Word and WPS
 * use 华文中宋 for 方正小标宋简体 and 仿宋 for 仿宋_GB2312 on a machine without the official fonts.
 */
export async function withFontFallbacks(generated: Buffer, template: ExportTemplate): Promise<Buffer> {
  const fonts = [template.title, template.body, ...template.headings].filter((f) => f.fallback);
  if (fonts.length === 0) return generated;
  const out = await JSZip.loadAsync(generated);
  const table = out.file("word/fontTable.xml");
  if (!table) return generated;
  const xml = await table.async("string");
  const seen = new Set<string>();
  const entries = fonts
    .filter((f) => !seen.has(f.eastAsia) && seen.add(f.eastAsia))
    .map((f) => `<w:font w:name="${f.eastAsia}"><w:altName w:val="${f.fallback}"/><w:charset w:val="86"/><w:family w:val="auto"/></w:font>`)
    .join("");
  // The generated table is empty (`<w:fonts …/>`) or closed by `</w:fonts>`.
  const filled = /<\/w:fonts>\s*$/.test(xml) ? xml.replace(/<\/w:fonts>\s*$/, `${entries}</w:fonts>`) : xml.replace(/<w:fonts\b([^>]*?)\s*\/>\s*$/, `<w:fonts$1>${entries}</w:fonts>`);
  out.file("word/fontTable.xml", filled);
  return out.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

function lastSectPr(xml: string | undefined): string | undefined {
  return xml ? [...xml.matchAll(SECT_PR)].at(-1)?.[0] : undefined;
}
