import { anchorsOf, holdsNumber, normalize, numberBounds, numbersOf, numberUnits } from "../common/claimText.js";

/**
 * Numbers of an answer sentence that the passages do not hold: each number (digits, number words,
 * 两个) must occur in them — a bound ("超过 60%") on its side — and one written with a unit must
 * occur there with that unit or with none named, so "60 厘米" is missing from a paper that says
 * "60%" and "20 厘米". A small model copies the paper's sentence and changes its numbers (Gemma
 * wrote "40 厘米和 60 厘米" for "20 厘米和 40 厘米"); a number the paper lacks is the one part of
 * such a sentence that no reader can check by its words.
 */
export function missingNumbers(sentence: string, passages: string): string[] {
  const claim = normalize(sentence);
  const text = normalize(passages);
  const numbers = new Set(numbersOf(text));
  const units = numberUnits(text);
  const bounds = numberBounds(claim);
  const missing = anchorsOf(sentence).numbers.filter((n) => !holdsNumber(n, bounds, numbers, text));
  for (const { number, unit } of numberUnits(claim)) {
    if (unit < 0 || bounds.has(number) || missing.includes(number)) continue;
    if (!units.some((u) => u.number === number && (u.unit === unit || u.unit < 0))) missing.push(number);
  }
  return missing;
}
