/** One ATX heading of a markdown document. */
export interface OutlineHeading {
  /** 1-based line. */
  line: number;
  depth: number;
  text: string;
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The headings of a markdown document in order, skipping `#` lines inside fenced code. */
export function headingOutline(markdown: string): OutlineHeading[] {
  const out: OutlineHeading[] = [];
  let fence: string | null = null;
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const f = FENCE.exec(line);
    if (f?.[1]) {
      if (fence === null) fence = f[1];
      else if (f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = ATX.exec(line);
    if (h?.[1] && h[2]) out.push({ line: i + 1, depth: h[1].length, text: h[2] });
  }
  return out;
}
