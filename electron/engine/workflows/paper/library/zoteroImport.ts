import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { writeFileAtomic } from "../../../io/atomicWrite.js";
import { HttpFailure, limitedFetch, type HttpLimits } from "../../../io/httpClient.js";
import { isLoopbackHost } from "../../../io/loopbackHosts.js";
import type { CslItem, CslName } from "../../../references/citeproc.js";
import type { BibImportResult, BibLibrary } from "./bibLibrary.js";

export const ZOTERO_DEFAULT_URL = "http://127.0.0.1:23119";
export const ZOTERO_HINT = "Start Zotero 7 and turn on Zotero → Settings → Advanced → Allow other applications on this computer to communicate with Zotero.";
const PAGE = 100;
/**
 * Zotero answers from this machine: seconds to connect and answer, a page of 100 items or a PDF
 * well under these caps. A hung or flooding local server fails the import instead of stalling it.
 */
const ZOTERO_LIMITS: HttpLimits = { connectMs: 5_000, headersMs: 30_000, idleMs: 30_000, totalMs: 300_000, maxBytes: 200 * 1024 * 1024 };

/** A Zotero Web API item as the local API answers (`GET /api/users/0/items`). */
interface ZoteroItem {
  key: string;
  links?: { enclosure?: { href: string; type?: string }; attachment?: { href: string; attachmentType?: string } };
  data: Record<string, unknown> & {
    key: string;
    itemType: string;
    title?: string;
    creators?: Array<{ creatorType: string; firstName?: string; lastName?: string; name?: string }>;
  };
}

export interface ZoteroImportResult {
  imported: BibImportResult[];
  /** Items already in the library (by Zotero key), left as they are. */
  skipped: Array<{ key: string; title: string; doc_id: string }>;
}

/**
 * Imports the top-level items of the local Zotero library (or one collection) through Zotero 7's
 * local API: read-only GETs to a loopback address, nothing else. Each item becomes a library
 * record with its metadata; its first PDF attachment (the `links.enclosure` of the child
 * attachment, a file:// URL on the local API) is imported with it. Items imported before (same
 * Zotero key) are skipped.
 */
export async function importZotero(bib: BibLibrary, options: { url?: string; collection?: string; signal?: AbortSignal } = {}): Promise<ZoteroImportResult> {
  const base = loopbackBase(options.url ?? ZOTERO_DEFAULT_URL);
  if (options.collection !== undefined && !/^[A-Z0-9]{8}$/.test(options.collection)) throw new ScriptoriumError("bad_request", `--collection must be a Zotero collection key (8 letters or digits), got "${options.collection}".`);
  const listPath = options.collection ? `/api/users/0/collections/${options.collection}/items/top` : "/api/users/0/items/top";
  const items = await getAll(base, listPath, options.signal);
  const result: ZoteroImportResult = { imported: [], skipped: [] };
  for (const item of items) {
    if (item.data.itemType === "attachment" || item.data.itemType === "note" || item.data.itemType === "annotation") continue;
    const title = String(item.data.title ?? "").trim();
    const known = bib.bib.byZoteroKey(item.key);
    if (known) {
      result.skipped.push({ key: item.key, title, doc_id: known.doc_id });
      continue;
    }
    const pdf = await pdfOf(base, item, options.signal);
    result.imported.push(await bib.importItem(toCsl(item), { source: "zotero", pdf, zoteroKey: item.key }, options.signal));
  }
  return result;
}

function loopbackBase(url: string): URL {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new ScriptoriumError("bad_request", `--url ${url} is not a URL.`);
  }
  if (base.protocol !== "http:" || !isLoopbackHost(base.hostname)) throw new ScriptoriumError("bad_request", `Zotero is read on this computer only: ${url} is not an http://127.0.0.1 / localhost address.`);
  return base;
}

async function get(base: URL, pathAndQuery: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await limitedFetch(ZOTERO_LIMITS, signal)(new URL(pathAndQuery, base), { headers: { "Zotero-API-Version": "3", Accept: "application/json" } });
  } catch (error) {
    if (signal?.aborted || (error instanceof HttpFailure && error.kind === "aborted")) throw new ScriptoriumError("aborted", "Zotero import was cancelled.");
    const reason = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new ScriptoriumError("unavailable", `Zotero is not answering at ${base.origin} (${reason}). ${ZOTERO_HINT}`, { url: base.origin });
  }
  // Zotero 7 answers 403 while "Allow other applications…" is off; an older Zotero has no /api/ (404).
  if (response.status === 403 || (response.status === 404 && !pathAndQuery.includes("/collections/"))) {
    throw new ScriptoriumError("unavailable", `Zotero's local API is off (HTTP ${response.status} from ${base.origin}). ${ZOTERO_HINT}`, { url: base.origin, status: response.status });
  }
  if (response.status === 404) throw new ScriptoriumError("not_found", `Zotero has no ${pathAndQuery.split("?")[0]} (HTTP 404): check the collection key.`, { path: pathAndQuery });
  if (!response.ok) throw new ScriptoriumError("unavailable", `Zotero answered HTTP ${response.status} for ${pathAndQuery}.`, { status: response.status });
  return response;
}

/** Every page of a list (`start` / `limit`, `Total-Results`). */
async function getAll(base: URL, listPath: string, signal?: AbortSignal): Promise<ZoteroItem[]> {
  const items: ZoteroItem[] = [];
  for (let start = 0; ; start += PAGE) {
    const response = await get(base, `${listPath}?format=json&limit=${PAGE}&start=${start}`, signal);
    const page = (await response.json()) as ZoteroItem[];
    if (!Array.isArray(page)) throw new ScriptoriumError("unavailable", `Zotero answered ${listPath} with something that is not a list of items.`);
    items.push(...page);
    const total = Number(response.headers.get("Total-Results") ?? items.length);
    if (page.length === 0 || items.length >= total) return items;
  }
}

/** The item's first PDF attachment as a local path (a loopback http enclosure is copied to a temp file). */
async function pdfOf(base: URL, item: ZoteroItem, signal?: AbortSignal): Promise<string | null> {
  if (!item.links?.attachment || item.links.attachment.attachmentType !== "application/pdf") return null;
  const children = (await (await get(base, `/api/users/0/items/${item.key}/children?format=json`, signal)).json()) as ZoteroItem[];
  const attachment = children.find((c) => c.data.itemType === "attachment" && c.data.contentType === "application/pdf" && c.links?.enclosure?.href);
  const href = attachment?.links?.enclosure?.href;
  if (!href) return null;
  if (href.startsWith("file:")) return fileURLToPath(href);
  const response = await get(loopbackBase(new URL(href).origin), new URL(href).pathname, signal);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "zotero-")), `${attachment!.key}.pdf`);
  await writeFileAtomic(file, new Uint8Array(await response.arrayBuffer()));
  return file;
}

const TYPES: Record<string, string> = {
  journalArticle: "article-journal",
  magazineArticle: "article-magazine",
  newspaperArticle: "article-newspaper",
  book: "book",
  bookSection: "chapter",
  conferencePaper: "paper-conference",
  thesis: "thesis",
  report: "report",
  webpage: "webpage",
  blogPost: "post-weblog",
  patent: "patent",
  preprint: "article",
};

/** Zotero's item fields as CSL-JSON (the mapping Zotero's own CSL export uses for these fields). */
export function toCsl(item: ZoteroItem): CslItem {
  const d = item.data;
  const text = (field: string) => (typeof d[field] === "string" && (d[field] as string).trim() ? (d[field] as string).trim() : undefined);
  const names = (role: string): CslName[] =>
    (d.creators ?? []).filter((c) => c.creatorType === role).map((c) => (c.name ? { family: c.name } : { family: c.lastName ?? "", ...(c.firstName ? { given: c.firstName } : {}) }));
  const date = (field: string) => {
    const parts = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(text(field) ?? "");
    return parts ? { "date-parts": [parts.slice(1).filter(Boolean).map(Number)] } : undefined;
  };
  const entries: Array<[string, unknown]> = [
    ["id", text("citationKey") ?? item.key],
    ["citation-key", text("citationKey") ?? item.key],
    ["type", TYPES[d.itemType] ?? "document"],
    ["title", text("title")],
    ["author", names("author")],
    ["editor", names("editor")],
    ["issued", date("date")],
    ["accessed", date("accessDate")],
    ["container-title", text("publicationTitle") ?? text("proceedingsTitle") ?? text("bookTitle") ?? text("websiteTitle") ?? text("blogTitle")],
    ["volume", text("volume")],
    ["issue", text("issue")],
    ["page", text("pages")],
    ["edition", text("edition")],
    ["publisher", text("publisher") ?? text("university") ?? text("institution")],
    ["publisher-place", text("place")],
    ["DOI", text("DOI")],
    ["URL", text("url")],
    ["abstract", text("abstractNote")],
    ["genre", text("thesisType")],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))) as CslItem;
}
