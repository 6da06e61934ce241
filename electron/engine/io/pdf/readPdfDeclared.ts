import { openPdf } from "./openPdf.js";

/**
 * What a PDF says about itself, as written: its info dictionary and its XMP packet. Nothing here is
 * trusted yet: publishers and word processors fill these with file names, user names and empty
 * strings (workflows/paper/library/pdfMetadata decides what looks real).
 */
export interface PdfDeclared {
  info: { title: string; author: string; subject: string; keywords: string; creationDate: string };
  xmp: {
    title: string;
    creators: string[];
    /** prism:doi, or a DOI given as dc:identifier. */
    doi: string;
    /** The publication date a publisher wrote (prism:coverDate / publicationDate), as written. */
    date: string;
    description: string;
  };
}

export const NO_DECLARED: PdfDeclared = {
  info: { title: "", author: "", subject: "", keywords: "", creationDate: "" },
  xmp: { title: "", creators: [], doi: "", date: "", description: "" },
};

/**
 * The info dictionary and XMP of a PDF. Never fails: a file pdf.js can read pages from but whose
 * metadata is broken simply declares nothing (the page layout still gives the metadata).
 */
export async function readPdfDeclared(data: Uint8Array, fileName: string): Promise<PdfDeclared> {
  let opened: Awaited<ReturnType<typeof openPdf>> | undefined;
  try {
    opened = await openPdf(data, fileName);
    const { info, metadata } = await opened.doc.getMetadata();
    const map = metadata ? (metadata.getAll() as Record<string, unknown>) : {};
    return declaredFrom(info as Record<string, unknown>, map, metadata?.getRaw() ?? "");
  } catch {
    return NO_DECLARED;
  } finally {
    await opened?.close().catch(() => undefined);
  }
}

/** pdf.js's info object and parsed XMP map (lower-cased `prefix:name` keys) as a PdfDeclared. */
export function declaredFrom(info: Record<string, unknown>, xmp: Record<string, unknown>, rawXmp = ""): PdfDeclared {
  const text = (value: unknown): string => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "");
  const first = (...keys: string[]): string => keys.map((key) => text(xmp[key]) || attribute(rawXmp, key)).find(Boolean) ?? "";
  const creators = Array.isArray(xmp["dc:creator"]) ? xmp["dc:creator"].map(text).filter(Boolean) : text(xmp["dc:creator"]) ? [text(xmp["dc:creator"])] : [];
  const identifier = first("dc:identifier");
  return {
    info: {
      title: text(info.Title),
      author: text(info.Author),
      subject: text(info.Subject),
      keywords: text(info.Keywords),
      creationDate: text(info.CreationDate),
    },
    xmp: {
      title: first("dc:title"),
      creators,
      doi: first("prism:doi", "pdfx:doi", "crossmark:doi") || (/10\.\d{4,9}\//.test(identifier) ? identifier : ""),
      date: first("prism:coverdate", "prism:publicationdate", "prism:coverdisplaydate"),
      description: first("dc:description"),
    },
  };
}

/** pdf.js reads XMP properties written as elements only; some producers write them as attributes of rdf:Description. */
function attribute(raw: string, key: string): string {
  if (!raw) return "";
  const match = new RegExp(`\\s${key.replace(":", "\\:")}="([^"]*)"`, "i").exec(raw);
  return match ? match[1]!.replace(/&amp;/g, "&").replace(/\s+/g, " ").trim() : "";
}
