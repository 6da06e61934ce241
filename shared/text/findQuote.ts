/**
 * Verbatim-quote matching for citations, shared by the engine's quote gate and the
 * reader's highlighter so both agree on what "appears in the passage" means: Unicode NFKC (full-
 * width letters, digits and punctuation become their ASCII forms; ligatures split), every run of
 * whitespace one space, and none at all between two CJK characters or around CJK punctuation
 * (PDF extraction and OCR add and drop such spaces freely). A `|` counts as a space: table chunks
 * are Markdown, and a quoted table row ("R13 14 88.4 67") names its cells without the pipes.
 * Case and every other character count.
 */

const CJK = "\\u2e80-\\u2fdf\\u3000-\\u303f\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff01-\\uff60";
const SPACE_NEXT_TO_CJK = new RegExp(`(?<=[${CJK}]) | (?=[${CJK}])`, "gu");

/** A text's normal form and, for each of its characters, the index in the original it came from. */
export function normalizeForQuote(text: string): { text: string; map: number[] } {
  let out = "";
  const map: number[] = [];
  let index = 0;
  for (const char of text) {
    const normal = char.normalize("NFKC");
    const piece = /\s/u.test(normal) || normal === "|" ? " " : normal;
    for (const unit of piece) {
      out += unit;
      for (let k = 0; k < unit.length; k++) map.push(index);
    }
    index += char.length;
  }
  // Collapse runs of spaces, then drop spaces touching CJK, keeping the map in step.
  let collapsed = "";
  const collapsedMap: number[] = [];
  for (let i = 0; i < out.length; i++) {
    if (out[i] === " " && (collapsed.length === 0 || collapsed.endsWith(" "))) continue;
    collapsed += out[i];
    collapsedMap.push(map[i]!);
  }
  if (collapsed.endsWith(" ")) {
    collapsed = collapsed.slice(0, -1);
    collapsedMap.pop();
  }
  let result = "";
  const resultMap: number[] = [];
  const keep = collapsed.replace(SPACE_NEXT_TO_CJK, "\u0000");
  for (let i = 0; i < keep.length; i++) {
    if (keep[i] === "\u0000") continue;
    result += collapsed[i];
    resultMap.push(collapsedMap[i]!);
  }
  return { text: result, map: resultMap };
}

/**
 * Where `quote` appears in `text` after both are normalised: the range in the original `text`
 * (start inclusive, end exclusive), or null when it does not appear. An empty quote never matches.
 */
export function findQuote(text: string, quote: string): { start: number; end: number } | null {
  const needle = normalizeForQuote(quote).text;
  if (!needle) return null;
  const hay = normalizeForQuote(text);
  const at = hay.text.indexOf(needle);
  if (at < 0) return null;
  const start = hay.map[at]!;
  const lastIndex = hay.map[at + needle.length - 1]!;
  // The last matched character may be a surrogate pair in the original.
  const end = lastIndex + (text.codePointAt(lastIndex)! > 0xffff ? 2 : 1);
  return { start, end };
}

export function quoteAppears(text: string, quote: string): boolean {
  return findQuote(text, quote) !== null;
}
