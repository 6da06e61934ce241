/**
 * Held-out check of PDF paper metadata: "title and first author right for N of M papers" over real
 * PDFs that are not in this repository (and must not be tuned on). The list stays outside the
 * repository: a TSV of `path<TAB>expected title<TAB>expected first author` (the author may be empty
 * for a document that has none; `#` starts a comment). Each file goes through the import's own
 * reader (readPaperLines: layout, OCR where needed, info dictionary and XMP).
 *
 *   npx tsx bench/paperMetadataHeldOut.ts /path/outside/repo/heldout.tsv
 */
import fs from "node:fs";
import path from "node:path";
import { readPaperLines } from "../electron/engine/workflows/paper/library/readPaperFile.js";

const squash = (text: string) => text.normalize("NFKC").toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, "");

/** A surname matches when the expected author's last word is the found first author's last word. */
function sameAuthor(found: string | undefined, expected: string): boolean {
  if (!expected) return !found;
  if (!found) return false;
  const last = (name: string) => squash(name.trim().split(/\s+/).at(-1) ?? "");
  return last(found) === last(expected);
}

async function main(): Promise<void> {
  const listPath = process.argv[2];
  if (!listPath) throw new Error("usage: tsx bench/paperMetadataHeldOut.ts <list.tsv> (path<TAB>title<TAB>first author)");
  const rows = fs
    .readFileSync(listPath, "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => line.split("\t"));
  let titles = 0;
  let both = 0;
  for (const [file, expectedTitle = "", expectedAuthor = ""] of rows) {
    const { pdfMetadata: meta } = await readPaperLines(file!, fs.readFileSync(file!));
    const titleOk = Boolean(meta) && squash(meta!.title) === squash(expectedTitle);
    const authorOk = Boolean(meta) && sameAuthor(meta!.authors[0], expectedAuthor);
    titles += titleOk ? 1 : 0;
    both += titleOk && authorOk ? 1 : 0;
    console.log(
      `${titleOk && authorOk ? "ok  " : "MISS"} ${path.basename(file!)}\n     title  ${JSON.stringify(meta?.title)} (${meta?.titleSource})` +
        `\n     author ${JSON.stringify(meta?.authors.slice(0, 3))} (${meta?.authorsSource})  year ${meta?.year}  doi ${meta?.doi || "-"}  arXiv ${meta?.arxiv || "-"}`,
    );
  }
  console.log(`\ntitle right for ${titles} of ${rows.length}; title and first author right for ${both} of ${rows.length}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
