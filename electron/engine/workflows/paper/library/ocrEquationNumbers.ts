import type { LayoutLine } from "./pdfLayout.js";

/** An OCR'd equation number that lost a bracket or had one misread: `2`, `(2`, `2)`, `{2)`, `[3]`, `（4）`. */
const DAMAGED_NUMBER = /^[([{（]?\s*(\d{1,3}[a-z]?)\s*[)\]}）]?$/;

/** Math on the cell before it: an equals sign or an operator between terms. */
const MATH = /[=≤≥≈<>+×·∑∫]|\\[a-z]+/;

/**
 * On an OCR'd page tesseract often drops or misreads the parentheses of a display equation's
 * number at the column's right margin ("(2)" read as "2" or "2)"), and parsing then takes the
 * number for part of the formula. A line whose last cell (set apart by a column gap) is such a
 * number right after a cell of math gets the number back as "(2)"; table rows (no math) are left alone.
 */
export function restoreEquationNumbers(lines: LayoutLine[]): LayoutLine[] {
  return lines.map((line) => {
    const cells = line.cells;
    if (cells.length < 2) return line;
    const last = cells.at(-1)!;
    const match = DAMAGED_NUMBER.exec(last.text);
    const before = cells.at(-2)!.text;
    if (!match || last.text === `(${match[1]})` || !MATH.test(before)) return line;
    const number = `(${match[1]})`;
    return {
      ...line,
      text: `${cells.slice(0, -1).map((cell) => cell.text).join(" ")} ${number}`,
      cells: [...cells.slice(0, -1), { ...last, text: number }],
    };
  });
}
