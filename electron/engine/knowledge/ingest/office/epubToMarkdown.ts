import path from "node:path";
import { htmlToMarkdown } from "../htmlToMarkdown.js";
import type { OfficeDocument } from "./OfficeDocument.js";
import { openZip, unreadable } from "./openZip.js";
import { attr, descendantsNamed } from "./xmlText.js";

/**
 * An EPUB book (2 or 3), one page per document of its reading order (the OPF spine, items marked
 * `linear="no"` left out), each XHTML document through the same HTML → Markdown path as HTML files.
 */
export async function epubToMarkdown(data: Buffer, name: string): Promise<OfficeDocument> {
  const format = "EPUB (.epub)";
  const zip = await openZip(data, name, format, "META-INF/container.xml");
  const container = (await zip.xml("META-INF/container.xml"))!;
  const opfPath = attr(descendantsNamed(container, "rootfile")[0] ?? container.documentElement, "full-path");
  const opf = opfPath ? await zip.xml(opfPath) : null;
  if (!opfPath || !opf) throw unreadable(name, format, "its package document (OPF) is missing");
  const dir = path.posix.dirname(opfPath);
  const manifest = new Map(descendantsNamed(opf, "item").map((item) => [attr(item, "id") ?? "", attr(item, "href") ?? ""]));
  const spine = descendantsNamed(opf, "itemref").filter((ref) => attr(ref, "linear") !== "no");
  if (spine.length === 0) throw unreadable(name, format, "its reading order (spine) is empty");
  const pages: string[] = [];
  for (const ref of spine) {
    const href = manifest.get(attr(ref, "idref") ?? "");
    if (!href) continue;
    const part = path.posix.normalize(path.posix.join(dir === "." ? "" : dir, decodeURIComponent(href.split("#")[0]!)));
    const xhtml = await zip.text(part);
    if (xhtml !== null) pages.push(htmlToMarkdown(xhtml).trim());
  }
  const title = descendantsNamed(opf, "title")[0]?.textContent?.trim() || null;
  return { title, pages };
}
