/**
 * Held-out check of PDF paper metadata: "title and first author right for N of M papers" over real
 * PDFs that are not in this repository (their publishers' licences keep them out). Two list forms:
 *
 * - a labelled set in bench/eval/sets (metadata-heldout.json, never tuned on; metadata-tuning.json,
 *   tuned on), with the folder holding its PDFs: each entry names its public repository, commit and
 *   path and the file's sha256, which is checked so that a run reads the very files that were labelled;
 * - a TSV of `path<TAB>expected title<TAB>expected first author` (`#` starts a comment).
 *
 * The author may be empty for a document that has none. Each file goes through the import's own
 * reader (readPaperLines: layout, OCR where needed, info dictionary and XMP).
 *
 *   npx tsx bench/paperMetadataHeldOut.ts bench/eval/sets/metadata-heldout.json /path/outside/repo/pdfs
 *   npx tsx bench/paperMetadataHeldOut.ts /path/outside/repo/heldout.tsv
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readPaperLines } from "../electron/engine/workflows/paper/library/readPaperFile.js";

interface Labelled {
  file: string;
  title: string;
  author: string;
}

interface SetEntry {
  file: string;
  repo: string;
  commit: string;
  path: string;
  sha256: string;
  title: string;
  firstAuthor: string;
}

const squash = (text: string) => text.normalize("NFKC").toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, "");

/** A surname matches when the expected author's last word is the found first author's last word. */
function sameAuthor(found: string | undefined, expected: string): boolean {
  if (!expected) return !found;
  if (!found) return false;
  const last = (name: string) => squash(name.trim().split(/\s+/).at(-1) ?? "");
  return last(found) === last(expected);
}

function fromTsv(listPath: string): Labelled[] {
  return fs
    .readFileSync(listPath, "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const [file = "", title = "", author = ""] = line.split("\t");
      return { file, title, author };
    });
}

/** A labelled set's entries as files in `dir`; a missing or different file is named with the command that gets it. */
function fromSet(setPath: string, dir: string | undefined): Labelled[] {
  if (!dir) throw new Error(`${setPath}: name the folder that holds the set's PDFs after the set`);
  const { papers } = JSON.parse(fs.readFileSync(setPath, "utf8")) as { papers: SetEntry[] };
  return papers.map((entry) => {
    const file = path.join(dir, entry.file);
    const get = `git -C <clone of ${entry.repo}> show ${entry.commit}:${entry.path} > ${file}`;
    if (!fs.existsSync(file)) throw new Error(`${file} is missing; get it with: ${get}`);
    const sha = createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    if (sha !== entry.sha256) throw new Error(`${file}: sha256 ${sha} is not the labelled file's ${entry.sha256}; get it with: ${get}`);
    return { file, title: entry.title, author: entry.firstAuthor };
  });
}

async function main(): Promise<void> {
  const [listPath, dir] = process.argv.slice(2);
  if (!listPath) throw new Error("usage: tsx bench/paperMetadataHeldOut.ts <set.json> <pdf folder> | <list.tsv> (path<TAB>title<TAB>first author)");
  const rows = listPath.endsWith(".json") ? fromSet(listPath, dir) : fromTsv(listPath);
  let titles = 0;
  let both = 0;
  for (const { file, title: expectedTitle, author: expectedAuthor } of rows) {
    const { pdfMetadata: meta } = await readPaperLines(file, fs.readFileSync(file));
    const titleOk = Boolean(meta) && squash(meta!.title) === squash(expectedTitle);
    const authorOk = Boolean(meta) && sameAuthor(meta!.authors[0], expectedAuthor);
    titles += titleOk ? 1 : 0;
    both += titleOk && authorOk ? 1 : 0;
    console.log(
      `${titleOk && authorOk ? "ok  " : "MISS"} ${path.basename(file)}\n     title  ${JSON.stringify(meta?.title)} (${meta?.titleSource})` +
        `\n     author ${JSON.stringify(meta?.authors.slice(0, 3))} (${meta?.authorsSource})  year ${meta?.year}  doi ${meta?.doi || "-"}  arXiv ${meta?.arxiv || "-"}`,
    );
  }
  console.log(`\ntitle right for ${titles} of ${rows.length}; title and first author right for ${both} of ${rows.length}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
