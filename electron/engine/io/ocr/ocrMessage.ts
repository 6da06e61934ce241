import type { OcrProgress } from "../pdf/readPdfPages.js";

/** The job tray's line for an OCR'd page: which file, which page of how many, and the time left. */
export function ocrMessage(name: string, progress: OcrProgress): string {
  const eta = progress.etaSeconds === null || progress.done === progress.total ? "" : `, about ${formatSeconds(progress.etaSeconds)} left`;
  return `${name}: OCR ${progress.done}/${progress.total} pages${eta}`;
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}
