import { degrees, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { wrap } from "./paperPdf.js";

/** Text on the first page: PDF points from the bottom-left; `bold` for a title face, `rotate` for a margin stamp. */
export interface LayoutText {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  rotate?: number;
}

export interface PublishedLayout {
  first: LayoutText[];
  /** Info dictionary entries, as publishers and word processors leave them. */
  info?: { title?: string; author?: string; subject?: string; creationYear?: number };
  /** An XMP packet written into the catalog's /Metadata stream. */
  xmp?: string;
  /**
   * The first page is a portrait page that `/Rotate 270` shows as landscape (792 × 612), as scanned
   * and 2-up preprint covers are stored; `first` is then given as the page is shown.
   */
  turned?: boolean;
}

const PROSE =
  "We study how retrieval quality changes when documents are long, noisy and written in several languages. " +
  "Our method routes each passage to a small set of experts and keeps the cost linear in the input length. ";

/** A first page laid out as `layout` says, plus a second page of body text (a paper has more than its title page). */
export async function buildPublishedPdf(layout: PublishedLayout): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const first = doc.addPage([612, 792]);
  if (layout.turned) first.setRotation(degrees(270));
  for (const item of layout.first) {
    // Shown at (x, y) on a page turned by 270°: drawn at (y, 792 − x), running down the portrait page.
    const at = layout.turned ? { x: item.y, y: 792 - item.x, rotate: degrees(-90 + (item.rotate ?? 0)) } : { x: item.x, y: item.y };
    first.drawText(item.text, {
      ...at,
      size: item.size,
      font: item.bold ? bold : regular,
      ...(item.rotate && !layout.turned ? { rotate: degrees(item.rotate) } : {}),
    });
  }
  const second = doc.addPage([612, 792]);
  wrap(PROSE.repeat(6), 90).forEach((line, i) => second.drawText(line, { x: 72, y: 720 - i * 13, size: 10, font: regular }));
  if (layout.info?.title !== undefined) doc.setTitle(layout.info.title);
  if (layout.info?.author !== undefined) doc.setAuthor(layout.info.author);
  if (layout.info?.subject !== undefined) doc.setSubject(layout.info.subject);
  if (layout.info?.creationYear !== undefined) doc.setCreationDate(new Date(Date.UTC(layout.info.creationYear, 5, 1)));
  if (layout.xmp) {
    // UTF-8 bytes: pdf.js decodes the packet as UTF-8 and skips one that is not.
    const stream = doc.context.stream(new TextEncoder().encode(layout.xmp), { Type: "Metadata", Subtype: "XML" });
    doc.catalog.set(PDFName.of("Metadata"), doc.context.register(stream));
  }
  return doc.save({ useObjectStreams: false });
}

/** Body lines of a column from `top` down, 13 pt apart. */
export function proseLines(x: number, top: number, chars: number, count: number): LayoutText[] {
  return wrap(PROSE.repeat(8), chars)
    .slice(0, count)
    .map((text, i) => ({ text, x, y: top - i * 13, size: 10 }));
}

/** An XMP packet as publishers write it: title, creators, DOI and cover date. */
export function xmpPacket(fields: { title: string; creators: string[]; doi?: string; coverDate?: string }): string {
  const li = (values: string[]) => values.map((value) => `<rdf:li>${value}</rdf:li>`).join("");
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:prism="http://prismstandard.org/namespaces/basic/2.0/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${fields.title}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq>${li(fields.creators)}</rdf:Seq></dc:creator>
   ${fields.doi ? `<prism:doi>${fields.doi}</prism:doi>` : ""}
   ${fields.coverDate ? `<prism:coverDate>${fields.coverDate}</prism:coverDate>` : ""}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
