import { readPdfDeclared, type PdfDeclared } from "../../../io/pdf/readPdfDeclared.js";
import { cleanDoi, DOI_PATTERN, firstPageMetadata, joinAccents, looksLikeName, type PageMetadata } from "./firstPageMetadata.js";
import type { PageLayout } from "./pdfLayout.js";

/** A PDF paper's metadata from its first page and what the file declares, with where the title and authors came from. */
export interface PdfPaperMetadata extends PageMetadata {
  titleSource: "xmp" | "info" | "page" | "";
  authorsSource: "xmp" | "info" | "page" | "";
  /** The title the file declares is also printed on the first page: no model needs to second-guess it. */
  titleConfirmed: boolean;
}

/** Word-processor and publishing-tool placeholders that are not a paper's title. */
const JUNK_TITLE =
  /^(microsoft (word|powerpoint|excel)|untitled|document\s*\d*$|doc\d|title$|paper$|article$|slide|presentation|new document|layout\s*\d|template|main$|manuscript$|draft$|\$\{|<)/i;
const FILE_NAME = /\.(docx?|pdf|tex|dvi|e?ps|indd|rtf|odt|qxd|qxp|fm|txt|wpd|pages)\b/i;

/** Whether a declared title looks like a real title rather than a file name, placeholder or id. */
export function looksRealTitle(raw: string): boolean {
  const title = raw.trim();
  if (title.length < 4 || title.length > 300 || JUNK_TITLE.test(title) || FILE_NAME.test(title)) return false;
  if (/\\|^[a-z]:|^\//i.test(title) || DOI_PATTERN.test(title) || /^arxiv:/i.test(title)) return false;
  // A single token with digits or underscores is a file or article id ("s10994-019-05855-6", "JMLR_final").
  if (/^[\w.-]+$/.test(title) && /[\d_]/.test(title)) return false;
  if (/\p{Script=Han}/u.test(title)) return (title.match(/\p{Script=Han}/gu)?.length ?? 0) >= 4;
  return title.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= 2;
}

/** Declared author names (info `Author` or XMP `dc:creator`), with user names, e-mails and placeholders dropped. */
export function declaredAuthors(entries: string[]): string[] {
  const names = entries.flatMap((entry) => (entry.includes(";") ? entry.split(";") : entry.split(/\s*(?:,|\band\b|&|，|、)\s*/)));
  return names.map((name) => name.replace(/\s+/g, " ").trim()).filter(looksLikeName);
}

function squash(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/-\s+/g, "").replace(/[\s\p{P}\p{S}]+/gu, "");
}

function words(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Share of `part`'s words that occur in `whole`. */
function overlap(part: string, whole: string): number {
  const in_ = new Set(words(whole));
  const list = words(part);
  return list.length === 0 ? 0 : list.filter((word) => in_.has(word)).length / list.length;
}

function yearOf(date: string): number | null {
  const match = /(?:^D:|^)\s*((?:19|20)\d\d)/.exec(date.trim());
  const year = match ? Number(match[1]) : NaN;
  return year >= 1900 && year <= new Date().getUTCFullYear() + 1 ? year : null;
}

/**
 * Combines the first page's layout with the file's declarations. A declared title is taken when it
 * looks real and is printed on the page (it then also repairs a title the layout cut short) or when
 * the layout found none; a declared title that is not printed and disagrees with the page's is
 * ignored (publishers put journal names and article ids there). Declared authors win when each
 * surname is printed on the page; the year and the DOI prefer what the file declares precisely.
 */
export function pdfPaperMetadata(page: PageMetadata, declared: PdfDeclared, pageText: string): PdfPaperMetadata {
  const printed = squash(pageText);
  const onPage = (text: string) => squash(text).length > 0 && printed.includes(squash(text));
  const titles = [
    { title: declared.xmp.title, source: "xmp" as const },
    { title: declared.info.title, source: "info" as const },
  ].filter((entry) => looksRealTitle(entry.title));
  const agrees = (title: string) => !page.title || overlap(page.title, title) >= 0.5 || overlap(title, page.title) >= 0.8;
  const confirmed = titles.find((entry) => onPage(entry.title) && agrees(entry.title));
  const fallback = page.title ? undefined : titles[0];
  const chosen = confirmed ?? fallback;
  const title = chosen ? chosen.title.replace(/\s+/g, " ").trim() : page.title;
  const titleSource = chosen ? chosen.source : page.title ? "page" : "";

  const fromXmp = declaredAuthors(declared.xmp.creators);
  const fromInfo = declaredAuthors(declared.info.author ? [declared.info.author] : []);
  const surnamePrinted = (name: string) => onPage(name.split(/\s+/).at(-1) ?? name);
  const declaredSets = [
    { authors: fromXmp, source: "xmp" as const },
    { authors: fromInfo, source: "info" as const },
  ].filter((entry) => entry.authors.length > 0);
  const surname = (name: string) => squash(name.split(/\s+/).at(-1) ?? name);
  const pageSurnames = new Set(page.authors.map(surname));
  // A declared list that names only some of the authors read under the title (the submitter, the
  // corresponding author) is partial: the page's full list, in its printed order, is the one to keep.
  const partial = (authors: string[]) => authors.length < page.authors.length && authors.every((name) => pageSurnames.has(surname(name)));
  const printedSet = declaredSets.find((entry) => entry.authors.every(surnamePrinted) && !partial(entry.authors));
  const authorsChoice = printedSet ?? (page.authors.length > 0 ? { authors: page.authors, source: "page" as const } : declaredSets[0]);

  // A publisher's cover date beats a year read off the page; the file's creation date is the last resort.
  const year = yearOf(declared.xmp.date) ?? page.year ?? yearOf(declared.info.creationDate);
  const doi =
    cleanDoi(declared.xmp.doi) ||
    page.doi ||
    cleanDoi(DOI_PATTERN.exec(`${declared.info.subject} ${declared.info.keywords} ${declared.xmp.description}`)?.[1] ?? "");
  return {
    title,
    authors: authorsChoice?.authors ?? [],
    year,
    doi,
    arxiv: page.arxiv,
    titleSource,
    authorsSource: authorsChoice?.source ?? "",
    titleConfirmed: Boolean(confirmed),
  };
}

/** The metadata of a PDF paper whose first page has been laid out (readPdfLayout): layout and declarations combined. */
export async function readPdfPaperMetadata(data: Uint8Array, fileName: string, firstPage: PageLayout | undefined): Promise<PdfPaperMetadata> {
  const page = firstPage ? firstPageMetadata(firstPage) : { title: "", authors: [], year: null, doi: "", arxiv: "" };
  const declared = await readPdfDeclared(data, fileName);
  // Accents put back on their letters, as the page's names were, so that a declared "Gyöngyi" is found printed.
  return pdfPaperMetadata(page, declared, firstPage ? firstPage.lines.map((line) => joinAccents(line.text)).join("\n") : "");
}
