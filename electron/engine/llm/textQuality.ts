/**
 * Share of distinct character 4-grams among all of them (whitespace collapsed): ~0.9 for prose,
 * near 0 for a loop. Characters, not words, so Chinese and English are measured alike. Text shorter
 * than one 4-gram counts as 1.
 */
export function distinct4(text: string): number {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  if (chars.length < 4) return 1;
  const grams = new Set<string>();
  for (let i = 0; i + 4 <= chars.length; i++) grams.add(chars.slice(i, i + 4).join(""));
  return grams.size / (chars.length - 3);
}

/** Han characters among all letters (any script); 0 for text without letters. */
export function hanShare(text: string): number {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  return letters.length === 0 ? 0 : letters.filter((c) => /\p{Script=Han}/u.test(c)).length / letters.length;
}
