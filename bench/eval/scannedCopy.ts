/**
 * A scanned copy of a PDF, as an office scanner sends it: every page drawn at 150 DPI (or `--dpi`),
 * grey, softened, with sensor noise, written as JPEG pages of an image-only PDF (tests/papers/scanPdf).
 * For held-out "scanned copy vs its text layer" measurements (docs/paper-ocr-citations.md).
 *
 *   npx tsx bench/eval/scannedCopy.ts <in.pdf> <out.pdf> [--dpi 150] [--rotate degrees]
 */
import fs from "node:fs";
import { scanPdf } from "../../tests/papers/scanPdf.js";

const [input, output] = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
if (!input || !output) throw new Error("usage: tsx bench/eval/scannedCopy.ts <in.pdf> <out.pdf> [--dpi 150] [--rotate degrees]");
const dpi = option("--dpi", 150);
const rotate = option("--rotate", 0);
if (!Number.isFinite(dpi) || dpi < 50 || dpi > 600) throw new Error(`--dpi must be a number from 50 to 600, not ${dpi}`);
if (!Number.isFinite(rotate) || Math.abs(rotate) > 10) throw new Error(`--rotate must be a number of degrees from -10 to 10, not ${rotate}`);
fs.writeFileSync(output, await scanPdf(fs.readFileSync(input), { dpi, grey: true, grain: true, rotate }));
console.log(`${output}: scanned at ${dpi} DPI${rotate ? `, turned ${rotate}°` : ""}`);
