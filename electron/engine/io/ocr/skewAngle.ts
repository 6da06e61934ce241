import { otsuThreshold } from "./binarise.js";

/** Largest skew looked for, in degrees: a page fed crooked into a scanner, not one turned sideways. */
export const MAX_SKEW_DEGREES = 8;

/**
 * Skew below this many degrees is left alone: across a 300 DPI page the lines then drift by less
 * than half a line of 10-pt text, which tesseract's own line finder follows, while rotating costs a
 * resampling blur on every glyph.
 */
export const MIN_SKEW_DEGREES = 0.5;

/** The downscaled copy the angle is measured on is about this wide (about 75 DPI for a letter page). */
const SAMPLE_WIDTH = 640;

/** Fewer ink cells than this is no text to line up (a blank page, a page number): no skew. */
const MIN_INK_CELLS = 500;

/**
 * A best angle must line up the ink this much better than the page as it is (sum of squared row
 * counts), else the page has no text lines to measure (a photo, a drawing) and is left alone.
 */
const MIN_GAIN = 1.05;

/**
 * The skew of a page image in degrees, by projection profiles: on a downscaled, binarised copy,
 * the angle at which the ink's row counts are most uneven — text lines fall into few rows, gaps
 * into empty ones — searched in 0.5° steps over ±MAX_SKEW_DEGREES, then in 0.1° steps around the
 * best. Positive when lines descend to the right on the image (y grows downwards); the page is
 * straightened by rotating it by the negative angle. 0 when no angle lines up the ink clearly.
 */
export function skewAngle(pixels: Uint8ClampedArray | Uint8Array, width: number, height: number): number {
  const points = inkCells(pixels, width, height);
  if (points.length / 2 < MIN_INK_CELLS) return 0;
  const rows = Math.ceil(Math.hypot(width, height)) + 2;
  const counts = new Uint32Array(rows * 2);
  const score = (degrees: number): number => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    counts.fill(0);
    for (let i = 0; i < points.length; i += 2) counts[Math.round(points[i + 1]! - points[i]! * slope) + rows]!++;
    let sum = 0;
    for (const count of counts) sum += count * count;
    return sum;
  };
  const level = score(0);
  let best = 0;
  let bestScore = level;
  const search = (from: number, to: number, step: number) => {
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const value = score(degrees);
      if (value > bestScore) [best, bestScore] = [degrees, value];
    }
  };
  search(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 0.5);
  search(best - 0.4, best + 0.4, 0.1);
  return bestScore >= level * MIN_GAIN ? Math.round(best * 10) / 10 : 0;
}

/**
 * Ink cells of a downscaled copy, as [x0, y0, x1, y1, …] in cell units: a cell (a block of pixels)
 * is ink when its darkest pixel is at or below Otsu's threshold of all cells' darkest pixels, so a
 * thin stroke is not lost to averaging and a grey scan's paper is not ink.
 */
function inkCells(pixels: Uint8ClampedArray | Uint8Array, width: number, height: number): Float32Array {
  const block = Math.max(1, Math.round(width / SAMPLE_WIDTH));
  const cols = Math.ceil(width / block);
  const rowsOfCells = Math.ceil(height / block);
  const darkest = new Uint8Array(cols * rowsOfCells).fill(255);
  for (let y = 0; y < height; y++) {
    const rowStart = Math.floor(y / block) * cols;
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      const level = (pixels[i]! * 299 + pixels[i + 1]! * 587 + pixels[i + 2]! * 114) / 1000;
      const cell = rowStart + Math.floor(x / block);
      if (level < darkest[cell]!) darkest[cell] = level;
    }
  }
  const histogram = new Uint32Array(256);
  for (const level of darkest) histogram[level]!++;
  // A page of one level has no ink; Otsu would split it anyway.
  if (histogram.filter((n) => n > 0).length < 2) return new Float32Array(0);
  const threshold = Math.min(otsuThreshold(histogram), 160);
  const points: number[] = [];
  for (let cell = 0; cell < darkest.length; cell++) {
    if (darkest[cell]! <= threshold) points.push(cell % cols, Math.floor(cell / cols));
  }
  return Float32Array.from(points);
}
