/** Offsets ↔ 1-based lines and columns (UTF-16 code units). */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.starts.push(i + 1);
  }
  /** 1-based line containing offset. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
  columnOf(offset: number): number {
    return offset - (this.starts[this.lineOf(offset) - 1] ?? 0) + 1;
  }
  lineStart(line: number): number {
    return this.starts[line - 1] ?? this.text.length;
  }
  /** Offset of the end of the line's content, before "\r\n" or "\n". */
  lineContentEnd(line: number): number {
    const next = this.starts[line];
    let end = next === undefined ? this.text.length : next - 1;
    if (this.text[end - 1] === "\r") end--;
    return end;
  }
}
