/** Which sections a revision rewrites, and the instructions each of them gets. */
export interface RevisionPlan {
  /** Indices (0-based) of the sections to rewrite, ascending. */
  targets: number[];
  /** Instructions per targeted section: the items that named it, then the items that named no section. */
  notes: Map<number, string[]>;
  /** True when no item named a section, so every section is rewritten with every item. */
  matchedNothing: boolean;
}

const CN_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };

/** 1-based section numbers an item names: "section 2", "§2", "第2节", "第二部分", "2nd section". */
export function sectionNumbersIn(text: string): number[] {
  const numbers: number[] = [];
  for (const m of text.matchAll(/(?:section|sec\.|§|part|paragraph)\s*#?\s*(\d{1,2})/gi)) numbers.push(Number(m[1]));
  for (const m of text.matchAll(/(\d{1,2})(?:st|nd|rd|th)\s+(?:section|part|paragraph)/gi)) numbers.push(Number(m[1]));
  for (const m of text.matchAll(/第\s*(\d{1,2}|[一二两三四五六七八九十]{1,2})\s*(?:节|部分|段|章|小节)/g)) {
    const token = m[1] ?? "";
    numbers.push(/^\d+$/.test(token) ? Number(token) : chineseNumber(token));
  }
  return numbers.filter((n) => Number.isInteger(n) && n > 0);
}

function chineseNumber(token: string): number {
  if (token.length === 1) return CN_DIGITS[token] ?? 0;
  // 十一 … 十九, 二十
  if (token.startsWith("十")) return 10 + (CN_DIGITS[token[1] ?? ""] ?? 0);
  if (token.endsWith("十")) return (CN_DIGITS[token[0] ?? ""] ?? 0) * 10;
  return 0;
}

const squash = (text: string) => text.toLowerCase().replace(/[\s"'“”‘’《》「」#*_`:：]/g, "");

/**
 * Match revision items (editor issues as "location: issue", or lines of the user's notes) to
 * section titles and numbers. An item names a section when it contains the section's title or its
 * number ("section 2", "第二节"); the draft title and unknown numbers name nothing.
 * Policy: only the named sections are rewritten; items that named no section go to every rewritten
 * section as general notes; when no item names any section, every section is rewritten with all
 * items (an unplaceable instruction must not be silently dropped).
 */
export function planRevision(sectionTitles: string[], items: string[]): RevisionPlan {
  const titles = sectionTitles.map(squash);
  const named = new Map<number, string[]>();
  const general: string[] = [];
  for (const item of items) {
    const hits = new Set<number>();
    const text = squash(item);
    titles.forEach((title, index) => {
      if (title.length >= 2 && text.includes(title)) hits.add(index);
    });
    for (const number of sectionNumbersIn(item)) if (number <= sectionTitles.length) hits.add(number - 1);
    if (!hits.size) general.push(item);
    for (const index of hits) named.set(index, [...(named.get(index) ?? []), item]);
  }
  if (!named.size) {
    const all = sectionTitles.map((_, index) => index);
    return { targets: all, notes: new Map(all.map((index) => [index, [...items]])), matchedNothing: true };
  }
  const targets = [...named.keys()].sort((a, b) => a - b);
  return { targets, notes: new Map(targets.map((index) => [index, [...(named.get(index) ?? []), ...general]])), matchedNothing: false };
}

/** Split free-form notes into items: one per line or sentence, blanks dropped. */
export function splitNotes(notes: string): string[] {
  return notes
    .split(/\n+|(?<=[。！？；;!?])\s*/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)、])\s*/, "").trim())
    .filter((line) => line.length > 0);
}
