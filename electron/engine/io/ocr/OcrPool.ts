import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { Line, Scheduler, Worker } from "tesseract.js";
import { ScriptoriumError } from "../../../../shared/errors.js";
import { OCR_LANGUAGES, traineddataPath, unpacked, type OcrLanguage } from "./ocrLanguages.js";

/** One recognised line: its text, tesseract's confidence (0–1) and its box in image pixels. */
export interface OcrLine {
  text: string;
  confidence: number;
  box: { x0: number; y0: number; x1: number; y1: number };
  /** Image y of the line's baseline under the piece: pieces of one printed line share it, descenders or not. */
  baseline: number;
  /** Median height of the piece's words (about the font size): what cell gaps are measured in. */
  wordHeight: number;
}

export interface OcrResult {
  lines: OcrLine[];
  /** Mean line confidence weighted by characters (0–1); 0 when nothing was recognised. */
  confidence: number;
}

const CJK = "\\u3000-\\u303f\\u3400-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef";
const CJK_GAP = new RegExp(`([${CJK}])\\s+(?=[${CJK}])`, "gu");

/** Tesseract separates every Chinese character by a space; Chinese text has none. */
export function joinCjk(text: string): string {
  return text.replace(CJK_GAP, "$1").replace(/\s+/g, " ").trim();
}

/**
 * A gap between words wider than this many word heights cannot be a space: it is a column gutter or
 * a table's column gap. Measured in the words' median height, not the line box's, which tesseract
 * stretches when a line touches a rule or the caption above (a table's header row then stayed whole).
 */
const GAP_WORD_HEIGHTS = 1.5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Tesseract sometimes reads straight across a narrow column gutter, making one "line" of two
 * columns' lines, and reads a table row as one line of all its cells. The line is cut at every gap
 * that cannot be a space; layout then puts each piece in its column, and finds table cells from
 * the pieces' positions.
 */
export function splitAtGaps(line: Line): OcrLine[] {
  const words = line.words.filter((word) => word.text.trim());
  if (words.length === 0) return [];
  const height = median(words.map((word) => word.bbox.y1 - word.bbox.y0)) || line.bbox.y1 - line.bbox.y0;
  const pieces: (typeof words)[] = [[words[0]!]];
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.bbox.x0 - words[i - 1]!.bbox.x1;
    if (gap > GAP_WORD_HEIGHTS * height) pieces.push([]);
    pieces.at(-1)!.push(words[i]!);
  }
  return pieces.flatMap((piece) => {
    const text = joinCjk(piece.map((word) => word.text).join(" "));
    if (!text) return [];
    const chars = piece.reduce((sum, word) => sum + word.text.length, 0);
    const confidence = piece.reduce((sum, word) => sum + word.confidence * word.text.length, 0) / Math.max(1, chars) / 100;
    const box = {
      x0: Math.min(...piece.map((w) => w.bbox.x0)),
      y0: Math.min(...piece.map((w) => w.bbox.y0)),
      x1: Math.max(...piece.map((w) => w.bbox.x1)),
      y1: Math.max(...piece.map((w) => w.bbox.y1)),
    };
    return [{ text, confidence, box, baseline: baselineAt(line, box.x0, box.y1), wordHeight: median(piece.map((w) => w.bbox.y1 - w.bbox.y0)) }];
  });
}

/** The line's baseline at image x (tesseract gives it as a segment); the box bottom when it has none. */
function baselineAt(line: Line, x: number, fallback: number): number {
  const base = line.baseline;
  if (!base || !Number.isFinite(base.y0) || !Number.isFinite(base.y1)) return fallback;
  if (base.x1 === base.x0) return base.y0;
  const y = base.y0 + ((base.y1 - base.y0) * (x - base.x0)) / (base.x1 - base.x0);
  // A baseline far from the piece (a mis-fitted line) is worse than the box bottom.
  return Math.abs(y - fallback) > (line.bbox.y1 - line.bbox.y0) ? fallback : y;
}

/** Workers for a job of `pages` pages: one per core, never more than there are pages. */
export function poolSize(pages: number, cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(cores, pages));
}

/**
 * A pool of tesseract.js workers (worker threads running tesseract's WebAssembly build), each
 * loaded with the shipped traineddata — passed as bytes, with tesseract's cache off, so it neither
 * downloads nor writes `*.traineddata` files. `close()` ends the threads; an abort mid-page ends
 * them at once, which is how a cancelled import stops within a page.
 */
export class OcrPool {
  private closed = false;

  private constructor(
    private readonly scheduler: Scheduler,
    readonly size: number,
  ) {}

  static async start(size: number, languages: readonly OcrLanguage[] = OCR_LANGUAGES): Promise<OcrPool> {
    const { createScheduler } = await import("tesseract.js");
    const scheduler = createScheduler();
    try {
      const workers = await Promise.all(Array.from({ length: size }, () => startWorker(languages)));
      for (const worker of workers) scheduler.addWorker(worker);
    } catch (error) {
      await scheduler.terminate().catch(() => undefined);
      throw new ScriptoriumError("internal", `OCR could not start: ${error instanceof Error ? error.message : String(error)}`);
    }
    return new OcrPool(scheduler, size);
  }

  /** Recognises one page image (PNG); rejects with `aborted` when the signal fires first. */
  async recognize(image: Buffer, signal?: AbortSignal): Promise<OcrResult> {
    if (this.closed) throw new ScriptoriumError("aborted", "OCR was stopped.");
    signal?.throwIfAborted();
    const job = this.scheduler.addJob("recognize", image, {}, { text: true, blocks: true });
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => {
        void this.close();
        reject(new ScriptoriumError("aborted", "OCR was cancelled."));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      void job.finally(() => signal?.removeEventListener("abort", onAbort)).catch(() => undefined);
    });
    const result = await Promise.race([job, aborted]);
    const lines: OcrLine[] = [];
    for (const block of result.data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) lines.push(...splitAtGaps(line));
      }
    }
    const characters = lines.reduce((sum, line) => sum + line.text.length, 0);
    const confidence = characters === 0 ? 0 : lines.reduce((sum, line) => sum + line.confidence * line.text.length, 0) / characters;
    return { lines, confidence };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.scheduler.terminate().catch(() => undefined);
  }
}

/**
 * One tesseract.js worker reading `languages`. The first language loads the official way, from
 * its npm package folder as `langPath` (a local path: tesseract.js reads it with fs, never over
 * the network) with its cache off (it writes no `*.traineddata` into the working directory).
 * tesseract.js 7 takes one `langPath` for all languages and mishandles in-memory language data at
 * initialisation, so the others are written into the worker's file system from their own package
 * folders and the worker is re-initialised with all of them; `currentLangs` is the array passed to
 * createWorker, so re-initialising loads nothing more.
 */
async function startWorker(languages: readonly OcrLanguage[]): Promise<Worker> {
  const { createWorker, OEM } = await import("tesseract.js");
  const require = createRequire(import.meta.url);
  // Worker threads cannot run a script from inside an asar: the path points to the unpacked copy.
  const workerPath = unpacked(path.join(path.dirname(require.resolve("tesseract.js")), "worker-script", "node", "index.js"));
  const [first, ...rest] = languages;
  if (!first) throw new ScriptoriumError("bad_request", "OCR needs at least one language.");
  let fail: (error: Error) => void = () => undefined;
  // Without an errorHandler a failing tesseract worker throws on the process; with one, its
  // createWorker never settles — so the first error is raced against it.
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const loaded: string[] = [first];
  const worker = await Promise.race([
    createWorker(loaded, OEM.LSTM_ONLY, {
      workerPath,
      langPath: path.dirname(traineddataPath(first)),
      cacheMethod: "none",
      gzip: true,
      errorHandler: (error: unknown) => fail(new Error(String(error))),
    }),
    failed,
  ]);
  if (rest.length > 0) {
    for (const language of rest) {
      await worker.FS("writeFile", [`${language}.traineddata`, gunzipSync(fs.readFileSync(traineddataPath(language)))]);
      loaded.push(language);
    }
    await worker.reinitialize(languages.join("+"), OEM.LSTM_ONLY);
  }
  return worker;
}
