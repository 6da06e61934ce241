import { ViewPlugin, type EditorView } from "@codemirror/view";

// Ideographs, kana, hangul and fullwidth forms: each advances by about one em.
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const SAMPLES = 16;
const SAMPLE_CHARS = 512;

/**
 * Share of the non-space characters of `text` that are wide (CJK). `text` is read in at most
 * 16 slices of 512 characters spread over it, so a 100 000-character draft costs ~8 000 reads.
 */
export function wideShare(text: { length: number; slice(from: number, to: number): string }): number {
  const step = Math.max(SAMPLE_CHARS, Math.ceil(text.length / SAMPLES));
  let wide = 0;
  let counted = 0;
  for (let at = 0; at < text.length; at += step) {
    const part = text.slice(at, Math.min(text.length, at + SAMPLE_CHARS));
    for (let i = 0; i < part.length; i++) {
      const code = part.charCodeAt(i);
      if (code <= 32) continue;
      counted++;
      if (code >= 0x1100 && WIDE.test(part[i]!)) wide++;
    }
  }
  return counted === 0 ? 0 : wide / counted;
}

/** Average advance of one character of a text whose wide share is `share` (a wide character is one em). */
export function blendedCharWidth(narrowWidth: number, emWidth: number, share: number): number {
  const s = Math.min(1, Math.max(0, share));
  return narrowWidth * (1 - s) + Math.max(narrowWidth, emWidth) * s;
}

/** The part of CodeMirror's internal height oracle that this plugin adjusts. */
interface HeightOracleLike {
  refresh(whiteSpace: string, lineHeight: number, charWidth: number, textHeight: number, lineLength: number, knownHeights: number[]): boolean;
}

const patched = new WeakSet<object>();

function oracleOf(view: EditorView): HeightOracleLike | null {
  const oracle = (view as unknown as { viewState?: { heightOracle?: unknown } }).viewState?.heightOracle;
  return oracle && typeof (oracle as HeightOracleLike).refresh === "function" ? (oracle as HeightOracleLike) : null;
}

/**
 * Height estimates for Chinese text. CodeMirror guesses the height of lines it has not drawn from
 * the width of Latin letters ("abc def …"), but a Han character is about twice as wide, so with
 * soft wrap a 100 000-character Chinese draft was estimated at 40 % of its real height: every
 * scroll into an undrawn part drew the wrong lines, measured, corrected the scroll position and drew
 * again (up to 6 rounds in one task — the long tasks of the UI bench). This plugin hands the oracle
 * the average character width of this document instead (wide share from a sample of the text, a wide
 * character being one em of the content font). It reaches into CodeMirror's internal `viewState`;
 * if that shape ever changes the plugin does nothing and CodeMirror keeps its own estimate.
 */
export const cjkHeightEstimate = ViewPlugin.define((view) => {
  const oracle = oracleOf(view);
  if (oracle && !patched.has(oracle)) {
    patched.add(oracle);
    const original = oracle.refresh.bind(oracle);
    let share: { doc: unknown; value: number } | null = null;
    let lastLength = 0;
    oracle.refresh = (whiteSpace, lineHeight, charWidth, textHeight, lineLength, knownHeights) => {
      const doc = view.state.doc;
      if (share?.doc !== doc) share = { doc, value: wideShare({ length: doc.length, slice: (from, to) => doc.sliceString(from, to) }) };
      const em = parseFloat(getComputedStyle(view.contentDOM).fontSize) || textHeight;
      const width = blendedCharWidth(charWidth, em, share.value);
      // lineLength is the content width in characters: content width / charWidth.
      const length = Math.max(5, (lineLength * charWidth) / width);
      // CodeMirror re-estimates undrawn lines only when the line height changes; a narrower pane
      // (the outline column appearing) must re-estimate them too, or the old width's guess stays.
      const widthMoved = lastLength > 0 && Math.abs(length - lastLength) > lastLength * 0.05;
      lastLength = length;
      return original(whiteSpace, lineHeight, width, textHeight, length, knownHeights) || widthMoved;
    };
  }
  return {};
});
