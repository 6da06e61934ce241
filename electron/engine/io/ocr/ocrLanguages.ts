import { createRequire } from "node:module";
import path from "node:path";
import { ScriptoriumError } from "../../../../shared/errors.js";

/**
 * Languages OCR reads: English and simplified Chinese, the app's two document languages. English
 * goes first: with Chinese as the main language tesseract dropped whole English lines of short
 * words (a table's header row) on 300 DPI scans; Chinese text reads the same either way.
 */
export const OCR_LANGUAGES = ["eng", "chi_sim"] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/**
 * The traineddata that ships with the app: the `@tesseract.js-data/<lang>` npm packages'
 * `4.0.0_best_int` models (LSTM, integer-quantised: the small, accurate ones tesseract.js itself
 * defaults to). In a packaged app they are unpacked from the asar (build/electron-builder.config.cjs).
 */
export function traineddataPath(language: OcrLanguage): string {
  const require = createRequire(import.meta.url);
  let root: string;
  try {
    root = path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
  } catch {
    throw new ScriptoriumError("internal", `OCR data for ${language} is missing (npm package @tesseract.js-data/${language}); reinstall the app.`, { language });
  }
  return unpacked(path.join(root, "4.0.0_best_int", `${language}.traineddata.gz`));
}

/** Inside a packaged app files unpacked from the asar live beside it in `app.asar.unpacked`. */
export function unpacked(file: string): string {
  return file.replace(`${path.sep}app.asar${path.sep}`, `${path.sep}app.asar.unpacked${path.sep}`);
}
