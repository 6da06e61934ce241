/**
 * Text measures for generated prose, language-neutral: tokens are Latin words/numbers and single
 * Han characters, so Chinese and English are measured the same way.
 */
const HAN = /\p{Script=Han}/u;

export function tokens(text: string): string[] {
  return (text.normalize("NFKC").toLowerCase().match(/\p{Script=Han}|[\p{L}\p{N}]+/gu) ?? []).filter(Boolean);
}

/** Sentences of prose: split on 。！？.!? and line breaks; markdown headings and blanks dropped. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .filter((line) => !/^\s*(#|```|\|)/.test(line))
    .flatMap((line) => line.split(/(?<=[。！？!?])|(?<=\.)\s+/))
    .map((s) => s.replace(/^[\s>*\-\d.]+/, "").trim())
    .filter((s) => tokens(s).length >= 3);
}

/** Distinct 4-grams ÷ all 4-grams of the tokens (1 = no repetition); NaN under 4 tokens. */
export function distinct4(text: string): number {
  const t = tokens(text);
  if (t.length < 4) return Number.NaN;
  const grams = new Set<string>();
  for (let i = 0; i + 4 <= t.length; i++) grams.add(t.slice(i, i + 4).join(" "));
  return grams.size / (t.length - 3);
}

/** Han characters ÷ letters (Han + other scripts' letters), ignoring digits, spaces and punctuation. */
export function hanRatio(text: string): number {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  return letters.length ? letters.filter((c) => HAN.test(c)).length / letters.length : Number.NaN;
}

/** Length in the unit a target is given in: Han characters for zh, words for en. */
export function lengthUnits(text: string, locale: "zh" | "en"): number {
  return locale === "zh" ? [...text].filter((c) => HAN.test(c)).length : (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}

/** Key points covered: a point is a list of alternative words, covered when any appears. */
export function keyPointCoverage(text: string, points: ReadonlyArray<readonly string[]>): number {
  if (points.length === 0) return Number.NaN;
  const lower = text.normalize("NFKC").toLowerCase();
  return points.filter((alts) => alts.some((a) => lower.includes(a.toLowerCase()))).length / points.length;
}

const STOP = new Set("the a an of to in and or is are was were be for on with that this it as by at from 的 了 和 是 在 与 及 或 一 也 而".split(" "));

/**
 * Material grounding: share of the text's sentences whose content tokens (stop words out) are at
 * least `threshold` covered by ONE material's tokens. Lexical support, not entailment: a sentence
 * that restates a material passes, a sentence about something no material says fails.
 */
export function groundedShare(text: string, materials: readonly string[], threshold = 0.5): number {
  const sents = sentences(text);
  if (sents.length === 0) return Number.NaN;
  const sets = materials.map((m) => new Set(tokens(m)));
  const grounded = sents.filter((s) => {
    const content = tokens(s).filter((t) => !STOP.has(t));
    if (content.length === 0) return false;
    return sets.some((set) => content.filter((t) => set.has(t)).length / content.length >= threshold);
  });
  return grounded.length / sents.length;
}
