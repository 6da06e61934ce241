/** `zh` when the text is mostly Han characters among its letters, else `en`: a deterministic default a weak model cannot get wrong. */
export function detectLocale(text: string): "zh" | "en" {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  // One Han character carries about a word; compare against Latin words, not letters.
  return han > 0 && han * 4 >= latin ? "zh" : "en";
}
