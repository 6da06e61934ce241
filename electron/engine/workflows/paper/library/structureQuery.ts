import type { PaperChunk, PaperRepository } from "./PaperRepository.js";
import type { StructureKind } from "./parsePaper.js";

/** A question the structural index answers better than retrieval. */
export type StructuralQuestion =
  | { kind: "page"; page: number }
  | { kind: "count"; what: StructureKind | "page" }
  | { kind: "item"; what: StructureKind; number: string };

const ITEM_WORDS: Record<string, StructureKind> = {
  table: "table", "tab.": "table", tab: "table", 表: "table", 表格: "table",
  figure: "figure", "fig.": "figure", fig: "figure", 图: "figure",
  equation: "equation", "eq.": "equation", eq: "equation", 公式: "equation",
  section: "section", 节: "section", 章: "section",
};

/** Recognises "第 3 页讲了什么", "page 3", "有几张表", "how many figures", "Table 2 的结论", "表 2". */
export function structuralQuestion(question: string): StructuralQuestion | null {
  const q = question.normalize("NFKC");
  const item = /\b(table|tab\.?|figure|fig\.?|equation|eq\.?|section)\s*(\d+(?:\.\d+)*)/i.exec(q) ?? /(表格|表|图|公式)\s*(\d+)/.exec(q) ?? /第\s*(\d+(?:\.\d+)*)\s*(节|章)/.exec(q);
  if (item) {
    const chapter = /^\d/.test(item[1]!);
    const word = (chapter ? item[2]! : item[1]!).toLowerCase();
    const what = ITEM_WORDS[word] ?? ITEM_WORDS[word.replace(/\.$/, "")];
    if (what) return { kind: "item", what, number: chapter ? item[1]! : item[2]! };
  }
  const count = /(几|多少)\s*(张|个|幅|条|节|章|页)?\s*(表格|表|图|公式|节|章|页)/.exec(q);
  if (count) {
    const word = count[3]!;
    return { kind: "count", what: word === "页" ? "page" : ITEM_WORDS[word] ?? "table" };
  }
  const howMany = /how many (tables|figures|equations|sections|pages)/i.exec(q);
  if (howMany) {
    const word = howMany[1]!.toLowerCase().replace(/s$/, "");
    return { kind: "count", what: word === "page" ? "page" : ITEM_WORDS[word]! };
  }
  const page = /第\s*(\d{1,4})\s*页/.exec(q) ?? /\bpage\s+(\d{1,4})\b/i.exec(q) ?? /\bp\.\s*(\d{1,4})\b/i.exec(q);
  if (page) return { kind: "page", page: Number(page[1]) };
  return null;
}

const NAMES: Record<StructureKind, { zh: string; en: string; unit: string }> = {
  table: { zh: "表", en: "table", unit: "张" },
  figure: { zh: "图", en: "figure", unit: "幅" },
  equation: { zh: "编号公式", en: "numbered equation", unit: "个" },
  section: { zh: "节", en: "section", unit: "个" },
};

/**
 * The chunks a structural question is about (a page's chunks; a table's caption and the passages
 * that mention it), and for counts the answer itself, computed from the index — no model involved.
 */
export function structuralEvidence(
  repo: PaperRepository,
  docId: string,
  question: StructuralQuestion,
  locale: "zh" | "en",
): { chunks: PaperChunk[]; answer?: string } {
  const chunks = repo.chunks(docId);
  const paper = repo.require(docId);
  if (question.kind === "page") {
    if (question.page < 1 || question.page > paper.pages) {
      return {
        chunks: [],
        answer: locale === "zh" ? `《${paper.title}》只有 ${paper.pages} 页，没有第 ${question.page} 页。` : `“${paper.title}” has ${paper.pages} pages; there is no page ${question.page}.`,
      };
    }
    return { chunks: chunks.filter((c) => c.page === question.page).slice(0, 10) };
  }
  if (question.kind === "count") {
    if (question.what === "page") {
      return { chunks: [], answer: locale === "zh" ? `《${paper.title}》共 ${paper.pages} 页。` : `“${paper.title}” has ${paper.pages} pages.` };
    }
    const items = repo.structure(docId, question.what).filter((item) => question.what !== "equation" || item.number);
    const name = NAMES[question.what];
    const list = items.map((item) => `${item.number ? `${capital(name.en)} ${item.number}` : item.label}${item.kind === "section" || !item.label ? "" : `: ${item.label}`} [p.${item.page}]`);
    const answer =
      locale === "zh"
        ? `《${paper.title}》共有 ${items.length} ${name.unit}${name.zh}${items.length ? "：\n" + list.map((l) => `- ${l}`).join("\n") : "。"}`
        : `“${paper.title}” has ${items.length} ${name.en}${items.length === 1 ? "" : "s"}${items.length ? ":\n" + list.map((l) => `- ${l}`).join("\n") : "."}`;
    const pages = new Set(items.map((item) => item.page));
    return { chunks: chunks.filter((c) => c.kind === "caption" || c.kind === "table" || c.kind === "heading" || c.kind === "equation").filter((c) => pages.has(c.page)).slice(0, 20), answer };
  }
  const { what, number } = question;
  if (what === "section") {
    const section = repo.structure(docId, "section").find((s) => s.number === number);
    return { chunks: section ? chunks.filter((c) => c.section === section.label).slice(0, 8) : [] };
  }
  const word = what === "table" ? "(?:table|tab\\.?|表)" : what === "figure" ? "(?:figure|fig\\.?|图)" : "(?:equation|eq\\.?|公式)";
  const mention = new RegExp(`${word}\\s*${number.replace(/\./g, "\\.")}(?!\\d)`, "i");
  // The index links a table or equation to its chunk; a table's later pieces repeat its caption.
  const linked = repo.structure(docId, what).filter((item) => item.number === number && item.chunkId).map((item) => item.chunkId!);
  const whole = chunks.filter((c) => linked.includes(c.id) || (what === "table" && c.kind === "table" && mention.test(c.text.split("\n")[0]!)));
  const equation = what === "equation" ? chunks.filter((c) => c.kind === "equation" && new RegExp(`\\(${number}\\)\\s*$`).test(c.text)) : [];
  const captions = chunks.filter((c) => c.kind === "caption" && mention.test(c.text));
  // The rows of a table follow its caption on the same page.
  const rows = captions.flatMap((caption) => chunks.filter((c) => c.page === caption.page && c.idx > caption.idx && c.idx <= caption.idx + 6 && c.kind === "body" && c.text.length < 120));
  const mentions = chunks.filter((c) => c.kind === "body" && mention.test(c.text));
  const seen = new Set<string>();
  return { chunks: [...whole, ...equation, ...captions, ...mentions, ...rows].filter((c) => !seen.has(c.id) && seen.add(c.id)).slice(0, 10) };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
