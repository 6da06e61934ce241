/** A chunk as a loader produces it, before ids and vectors. */
export interface RawChunk {
  /** Embedded and indexed text, heading or file prefix included. */
  text: string;
  /** `Module > Section`, or empty. */
  headingPath: string;
  /** 1-based page (PDF), or null. */
  page: number | null;
  /** 1-based inclusive line range in the extracted text, or null. */
  lineStart: number | null;
  lineEnd: number | null;
  /** `zh`, `en`, or the programming language of a code file. */
  lang: string;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/g;

/** `zh` when CJK characters make up a noticeable share of the letters, else `en`. */
export function detectLang(text: string): string {
  const cjk = text.match(CJK)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return cjk > 0 && cjk * 2 >= latin / 4 ? "zh" : "en";
}
