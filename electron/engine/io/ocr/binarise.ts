/**
 * Otsu's threshold of a grey histogram (256 bins): the level that best separates ink from paper,
 * by maximal between-class variance. A grey JPEG scan has no single "black"; tesseract thresholds
 * each page too, but after upscaling the smoothed edges are cut more cleanly once, globally.
 */
export function otsuThreshold(histogram: ArrayLike<number>): number {
  let total = 0;
  let sum = 0;
  for (let level = 0; level < 256; level++) {
    total += histogram[level] ?? 0;
    sum += level * (histogram[level] ?? 0);
  }
  let background = 0;
  let backgroundSum = 0;
  let best = 0;
  let threshold = 127;
  for (let level = 0; level < 256; level++) {
    background += histogram[level] ?? 0;
    if (background === 0) continue;
    const foreground = total - background;
    if (foreground === 0) break;
    backgroundSum += level * (histogram[level] ?? 0);
    const meanBackground = backgroundSum / background;
    const meanForeground = (sum - backgroundSum) / foreground;
    const variance = background * foreground * (meanBackground - meanForeground) ** 2;
    if (variance > best) {
      best = variance;
      threshold = level;
    }
  }
  return threshold;
}

/**
 * Binarises RGBA pixels in place: grey by luminance, then black at or below Otsu's threshold and
 * white above it. Returns the threshold used. A page with one grey level (blank) stays as it is.
 */
export function binarise(pixels: Uint8ClampedArray | Uint8Array): number {
  const histogram = new Uint32Array(256);
  const grey = new Uint8Array(pixels.length / 4);
  for (let i = 0, p = 0; i < pixels.length; i += 4, p++) {
    const level = (pixels[i]! * 299 + pixels[i + 1]! * 587 + pixels[i + 2]! * 114 + 500) / 1000;
    grey[p] = level;
    histogram[grey[p]!]!++;
  }
  const levels = histogram.reduce((count, n) => count + (n > 0 ? 1 : 0), 0);
  if (levels < 2) return -1;
  const threshold = otsuThreshold(histogram);
  for (let i = 0, p = 0; i < pixels.length; i += 4, p++) {
    const value = grey[p]! <= threshold ? 0 : 255;
    pixels[i] = pixels[i + 1] = pixels[i + 2] = value;
    pixels[i + 3] = 255;
  }
  return threshold;
}

/**
 * Faint pixels (grey 128–254) per ink pixel (≤ 127) of RGBA pixels; 0 on a page without ink. A
 * clean scan's faint pixels are its glyphs' anti-aliased edges, about half as many as its ink
 * (0.56–0.68 measured at 300 DPI); a grey JPEG scan adds ringing and block noise around every
 * glyph, two to three times its ink (2.0–2.4).
 */
export function scanNoise(pixels: Uint8ClampedArray | Uint8Array): number {
  let ink = 0;
  let faint = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    const level = (pixels[i]! * 299 + pixels[i + 1]! * 587 + pixels[i + 2]! * 114 + 500) / 1000;
    if (level < 127.5) ink++;
    else if (level < 254.5) faint++;
  }
  return ink === 0 ? 0 : faint / ink;
}

/**
 * The scan noise above which a page is binarised before OCR. Binarising helps a noisy grey JPEG
 * scan (Otsu cuts its smeared edges cleanly, keeping table headers and decimal points) but hurts
 * a clean one, whose anti-aliased edges tesseract reads better itself (a binarised "0.0003" read
 * as "8.0003"); this sits between the two measured ranges.
 */
export const NOISY_SCAN = 1.2;
