import { describe, expect, it } from "vitest";
import { NOISY_SCAN, binarise, otsuThreshold, scanNoise } from "./binarise.js";

function rgba(levels: number[]): Uint8ClampedArray {
  return new Uint8ClampedArray(levels.flatMap((level) => [level, level, level, 255]));
}

describe("binarise", () => {
  it("puts Otsu's threshold between a grey scan's ink and paper peaks", () => {
    const histogram = new Array<number>(256).fill(0);
    for (let level = 40; level <= 80; level++) histogram[level] = 10;
    for (let level = 180; level <= 230; level++) histogram[level] = 60;
    const threshold = otsuThreshold(histogram);
    expect(threshold).toBeGreaterThanOrEqual(80);
    expect(threshold).toBeLessThan(180);
  });

  it("turns grey ink black and grey paper white, colour by luminance", () => {
    const pixels = rgba([60, 70, 200, 210, 65, 205]);
    // A red pixel (dark by luminance) and a light yellow one.
    const colour = new Uint8ClampedArray([...pixels, 200, 20, 20, 255, 250, 250, 170, 255]);
    binarise(colour);
    const values = [];
    for (let i = 0; i < colour.length; i += 4) values.push(colour[i]);
    expect(values).toEqual([0, 0, 255, 255, 0, 255, 0, 255]);
  });

  it("leaves a page of one grey level (blank) as it was", () => {
    const pixels = rgba([240, 240, 240]);
    expect(binarise(pixels)).toBe(-1);
    expect([...pixels]).toEqual([...rgba([240, 240, 240])]);
  });

  it("tells a noisy grey scan (a faint halo around the ink) from a clean one (anti-aliased edges only)", () => {
    const ink = new Array<number>(100).fill(20);
    // A clean scan: white paper, some ink, half as many anti-aliased edge pixels.
    const clean = rgba([...ink, ...new Array<number>(50).fill(180), ...new Array<number>(2000).fill(255)]);
    // A grey JPEG scan: the same ink ringed by near-white noise, twice as many pixels as the ink.
    const noisy = rgba([...ink, ...new Array<number>(60).fill(180), ...new Array<number>(160).fill(248), ...new Array<number>(2000).fill(255)]);
    expect(scanNoise(clean)).toBeCloseTo(0.5);
    expect(scanNoise(clean)).toBeLessThan(NOISY_SCAN);
    expect(scanNoise(noisy)).toBeCloseTo(2.2);
    expect(scanNoise(noisy)).toBeGreaterThan(NOISY_SCAN);
    // A page without ink has no noise to speak of (nothing to read).
    expect(scanNoise(rgba([255, 250, 255]))).toBe(0);
  });
});
