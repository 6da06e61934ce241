import type { LayoutCell, LineColumn } from "./pdfLayout.js";

/** One line of a paper's text, in reading order, with the page it is on. */
export interface PaperLine {
  page: number;
  text: string;
  /** Font size (1 for formats without one). */
  size: number;
  /** The line starts a new paragraph (a vertical gap, a column change, a blank line). */
  paragraphStart: boolean;
  /** A heading the source marked as such (markdown `#`), with its level. */
  markedHeading?: number;
  /** PDF only: the line's runs split at column gaps, and the page column it is in (tables). */
  cells?: LayoutCell[];
  column?: LineColumn;
}
