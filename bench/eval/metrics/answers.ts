/**
 * Paper-QA scoring. Keywords are required items; an item `a|b` is met by either spelling (case
 * and width-insensitive, spaces ignored, so "1 850" meets "1850").
 */
const squash = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");

/** Share of the keyword items the answer contains (0..1); NaN when there are none. */
export function keywordHitRate(answer: string, keywords: readonly string[]): number {
  if (keywords.length === 0) return Number.NaN;
  const text = squash(answer);
  const met = keywords.filter((item) => item.split("|").some((alt) => text.includes(squash(alt))));
  return met.length / keywords.length;
}

/** Pages an answer cites as `[p.N]`, `[p. N]`, `(p.N)` or `[第 N 页]`, in order, distinct. */
export function citedPages(answer: string): number[] {
  const pages = new Set<number>();
  for (const m of answer.matchAll(/[[(（【]\s*(?:p\.?|page|第)\s*(\d+)\s*(?:页)?/giu)) pages.add(Number(m[1]));
  return [...pages];
}

/** Share of cited pages that are answer pages; NaN when nothing is cited. */
export function citedPagePrecision(cited: readonly number[], answerPages: readonly number[]): number {
  if (cited.length === 0) return Number.NaN;
  const truth = new Set(answerPages);
  return cited.filter((p) => truth.has(p)).length / cited.length;
}

/** Whether an answer declines (the engine's wording and the usual ways a model says so). */
export function abstains(answer: string): boolean {
  return /论文未提及|未提及|没有提到|未说明|无法回答|not stated|not mentioned|does not (?:say|mention|state|report)|no information|cannot (?:be )?(?:answer|determine)/i.test(answer);
}
