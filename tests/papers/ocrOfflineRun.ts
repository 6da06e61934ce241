// Child-process half of the offline OCR test (paperOcr.test.ts): OCRs an image-only PDF with the
// network blocked by blockNetwork.mjs and prints what was read.
import fs from "node:fs";
import { readPdfPages, pageText } from "../../electron/engine/io/pdf/readPdfPages.js";

const file = process.argv[2]!;
const pages = await readPdfPages(fs.readFileSync(file), file, { workers: 1 });
process.stdout.write(JSON.stringify({ text: pages.map(pageText).join("\n"), ocr: pages.map((page) => page.ocr?.confidence ?? null) }));
