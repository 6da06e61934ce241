/**
 * Share of distinct character 4-grams among all of them (whitespace collapsed): 1 for text that
 * never repeats itself, near 0 for a loop. Characters, not words, so Chinese and English are
 * measured alike. Text shorter than one 4-gram counts as 1.
 */
export function distinct4(text: string): number {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  if (chars.length < 4) return 1;
  const grams = new Set<string>();
  for (let i = 0; i + 4 <= chars.length; i++) grams.add(chars.slice(i, i + 4).join(""));
  return grams.size / (chars.length - 3);
}
