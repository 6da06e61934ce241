import type { OcrProgress } from "../pdf/readPdfPages.js";

/**
 * The job tray's line for an OCR'd page: "OCR" first (the tray cuts long labels at the end), the
 * file, pages done of how many, and the time left.
 */
export function ocrMessage(name: string, progress: OcrProgress): string {
  const eta = progress.etaSeconds === null || progress.done === progress.total ? "" : `, about ${formatSeconds(progress.etaSeconds)} left`;
  return `OCR · ${name} · ${progress.done}/${progress.total} pages${eta}`;
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}
