import fs from "node:fs";
import path from "node:path";
import type { PaperIntent } from "../../shared/workflows/paper.js";
import { buildPdf, wrap, type PdfText } from "../../tests/papers/paperPdf.js";
import type { LabelledViolation } from "./metrics/findings.js";

const SETS = path.join(import.meta.dirname, "sets");
const jsonl = <T>(file: string): T[] =>
  fs
    .readFileSync(path.join(SETS, file), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

export interface RouterItem {
  q: string;
  intent: PaperIntent;
  locale: "zh" | "en";
}
export interface EvalPaper {
  id: string;
  locale: "zh" | "en";
  title: string;
  authors: string;
  pages: string[];
}
export interface QaItem {
  paper: string;
  q: string;
  pages: number[];
  keywords: string[];
  unanswerable?: boolean;
}
export interface ClaimItem {
  paper: string;
  id: string;
  claim: string;
  label: "supported" | "unsupported";
  type: string;
}
export interface DocgenDoc {
  file: string;
  locale: "zh" | "en";
  text: string;
  violations: LabelledViolation[];
}
export interface ArticleItem {
  id: string;
  locale: "zh" | "en";
  intent: string;
  word_count_target: number;
  key_points: string[][];
  materials: Array<{ title: string; content: string }>;
}

export const loadRouterSet = () => jsonl<RouterItem>("router.jsonl");
/** The second routing set, written as paraphrases of how readers ask, not from the cue phrases (see sets/README.md). */
export const loadRouterParaphraseSet = () => jsonl<RouterItem>("router-paraphrase.jsonl");
export const loadQaSet = () => jsonl<QaItem>("papers/qa.jsonl");
export const loadClaimSet = () => jsonl<ClaimItem>("papers/claims.jsonl");
/** The second claim set: self-contained (claim, passage, label) pairs, written before the checker was tuned and kept out of tuning. */
export interface ClaimPair {
  id: string;
  locale: "zh" | "en";
  passage_id: string;
  passage: string;
  claim: string;
  label: "supported" | "unsupported";
  type: string;
}
/** A claim-pair file under sets/: the held-out `claims-pairs.jsonl` by default, `claims-tuning.jsonl` to develop against. */
export const loadClaimPairs = (file = "claims-pairs.jsonl") => {
  if (!/^[\w.-]+\.jsonl$/.test(file) || !fs.existsSync(path.join(SETS, file)))
    throw new Error(`claim pairs: expected a .jsonl file under bench/eval/sets/, got "${file}"`);
  return jsonl<ClaimPair>(file);
};
export const loadArticleSet = () => JSON.parse(fs.readFileSync(path.join(SETS, "article.json"), "utf8")) as ArticleItem[];

export function loadPapers(): EvalPaper[] {
  return ["en-kestrel.json", "zh-irrigation.json"].map((f) => JSON.parse(fs.readFileSync(path.join(SETS, "papers", f), "utf8")) as EvalPaper);
}

export function loadDocgenSet(): DocgenDoc[] {
  const labels = JSON.parse(fs.readFileSync(path.join(SETS, "docgen", "labels.json"), "utf8")) as { documents: Array<Omit<DocgenDoc, "text">> };
  return labels.documents.map((d) => ({ ...d, text: fs.readFileSync(path.join(SETS, "docgen", d.file), "utf8") }));
}

/**
 * The paper as a file the importer reads with its pages: English as a one-column PDF drawn by
 * pdf-lib (Helvetica), Chinese as markdown with form-feed page breaks (pdf-lib's standard fonts
 * have no CJK glyphs, and the only CJK font here is a .ttc fontkit cannot embed).
 */
export async function paperFile(paper: EvalPaper, dir: string): Promise<string> {
  if (paper.locale === "zh") {
    const file = path.join(dir, `${paper.id}.md`);
    fs.writeFileSync(file, paper.pages.join("\n\f\n"));
    return file;
  }
  const pages: PdfText[][] = paper.pages.map((page) => {
    const texts: PdfText[] = [];
    let y = 740;
    for (const para of page.split("\n")) {
      if (!para.trim()) {
        y -= 6;
        continue;
      }
      const heading = /^#+\s/.test(para);
      const text = para.replace(/^#+\s/, "");
      for (const line of heading ? [text] : wrap(text, 95)) {
        texts.push({ text: line, x: 56, y, size: heading ? 12 : 10 });
        y -= heading ? 18 : 13;
      }
    }
    if (y < 40) throw new Error(`${paper.id}: a page overflows (${y})`);
    return texts;
  });
  const file = path.join(dir, `${paper.id}.pdf`);
  fs.writeFileSync(file, await buildPdf(pages));
  return file;
}

/** The paper's full text with page tags, for the one-shot baseline. */
export function paperText(paper: EvalPaper): string {
  return paper.pages.map((p, i) => `--- page ${i + 1} ---\n${p}`).join("\n\n");
}
