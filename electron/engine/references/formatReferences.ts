import { ScriptoriumError } from "../../../shared/errors.js";
import { citeproc, type CslItem } from "./citeproc.js";

export const REFERENCE_STYLES = ["gb-t-7714", "gb-t-7714-author-date", "apa"] as const;
export type ReferenceStyle = (typeof REFERENCE_STYLES)[number];
export type ReferenceLocale = "zh" | "en";

export interface FormattedReference {
  /** The citation key (BibTeX key, RIS ID, library doc id). */
  id: string;
  text: string;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** An entry's language for GB/T 7714: Chinese when its title or authors are written in Chinese. */
export function entryLocale(item: CslItem): ReferenceLocale {
  const names = [...(item.author ?? []), ...(item.editor ?? [])].map((n) => `${n.family ?? ""}${n.given ?? ""}${n.literal ?? ""}`).join("");
  return CJK.test(`${item.title ?? ""}${names}`) ? "zh" : "en";
}

/**
 * The reference list of `items`, numbered in the order given (顺序编码制: order of first citation).
 * GB/T 7714 lays each entry out in its own language (等 / 2版 for Chinese entries, et al. / 2nd ed.
 * for English ones) unless `locale` forces one for all; APA follows `locale` for its terms.
 */
export function formatReferences(items: readonly CslItem[], style: ReferenceStyle, locale?: ReferenceLocale): FormattedReference[] {
  if (!(REFERENCE_STYLES as readonly string[]).includes(style)) throw new ScriptoriumError("bad_request", `Unknown reference style "${style}"; known: ${REFERENCE_STYLES.join(", ")}.`, { style });
  if (items.length === 0) return [];
  const { Cite } = citeproc();
  // The style picks its Chinese layout by the item's `language` (CSL locale-specific layouts).
  const prepared = items.map((item) => ({ ...onlineTyped(item), language: (locale ?? entryLocale(item)) === "zh" ? "zh-CN" : "en-US" }));
  const cite = new Cite(prepared);
  const lang = style === "apa" && locale === "zh" ? "zh-CN" : "en-US";
  const text = cite.format("bibliography", { format: "text", template: style, lang });
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  if (style !== "gb-t-7714") {
    // APA and the author-year style sort by author; map each line back to its item through the processor's order.
    const ordered = sortedIds(cite, style, lang);
    return lines.map((line, i) => ({ id: ordered[i] ?? String(i), text: line.trim() }));
  }
  return lines.map((line, i) => ({ id: keyOf(prepared[i]!), text: line.trim() }));
}

/**
 * A BibTeX `@misc` (citation.js: `document`) with a link is an online resource: GB/T 7714 codes it
 * [EB/OL] with its update and access dates, not [Z]. Other types keep what the source said.
 */
function onlineTyped(item: CslItem): CslItem {
  return (item.type === "document" || item.type === undefined) && typeof item.URL === "string" && item.URL !== "" ? { ...item, type: "webpage" } : item;
}

function keyOf(item: CslItem): string {
  return String(item["citation-key"] ?? item.id);
}

/** The ids in the order the style sorts its bibliography (HTML output carries `data-csl-entry-id`). */
function sortedIds(cite: InstanceType<ReturnType<typeof citeproc>["Cite"]>, style: string, lang: string): string[] {
  const html = cite.format("bibliography", { format: "html", template: style, lang });
  const byId = new Map(cite.data.map((item) => [String(item.id), keyOf(item)]));
  return [...html.matchAll(/data-csl-entry-id="([^"]+)"/g)].map((m) => byId.get(m[1]!) ?? m[1]!);
}
