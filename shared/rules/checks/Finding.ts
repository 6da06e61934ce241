/** A source-level edit: replace source[start, end) with text. Offsets are UTF-16 indices into the document. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** What a check reports before offsets are turned into lines and columns. */
export interface Finding {
  rule: string;
  /** Source offset the violation points at. */
  offset: number;
  message: string;
  /** Edits that together are the certain fix; absent when the fix needs judgement. */
  edits?: Edit[];
}
