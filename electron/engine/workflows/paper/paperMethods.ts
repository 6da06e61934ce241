import { ScriptoriumError } from "../../../../shared/errors.js";
import type { paperContract } from "../../../../shared/workflows/paper.js";
import { ocrMessage } from "../../io/ocr/ocrMessage.js";
import type { OcrProgress } from "../../io/pdf/readPdfPages.js";
import type { MethodContext, MethodHandlers } from "../WorkflowDefinition.js";
import type { PaperDeps } from "./PaperDeps.js";
import { lazyBibLibrary, paperBibHandlers } from "./library/paperBibHandlers.js";
import { paperPageView } from "./library/paperPageView.js";
import { exportPaperAnswer } from "./paperExport.js";

/** The `paper.*` methods (schemas in shared/workflows/paper.ts) over the paper library. */
export function paperMethods({ papers, db }: PaperDeps, { jobs, emitSystem, sessions }: MethodContext): MethodHandlers<typeof paperContract> {
  const bib = lazyBibLibrary(papers, db);
  return {
    // BibTeX / RIS / Zotero import, BibTeX export, metadata corrections.
    ...paperBibHandlers(papers, db, bib),
    // The latest answer with footnoted page citations and the papers' reference list.
    export: (input) => exportPaperAnswer(input, sessions, bib),
    // With a taskId the import is a job: `progress` per file on the system stream, stopped by `jobs.cancel`.
    import: async (input) => {
      const taskId = input.taskId;
      if (!taskId) return papers.import(input);
      const total = input.paths.length;
      const progress = (done: number, message: string) => emitSystem({ type: "progress", task: taskId, done, total, message });
      progress(0, input.paths[0]?.split(/[\\/]/).pop() ?? "");
      try {
        // A scanned file reports each OCR'd page with an ETA; the bar counts pages until the file is done.
        const ocr = (name: string, page: OcrProgress) => emitSystem({ type: "progress", task: taskId, done: page.done, total: page.total, message: ocrMessage(name, page) });
        const result = await jobs.run(taskId, (signal) => papers.import(input, signal, (done, _total, name) => progress(done, name), ocr));
        // The last event carries the per-file report, as a knowledge import's does.
        if (result.report) {
          const { imported, skipped, failed } = result.report;
          emitSystem({ type: "progress", task: taskId, done: total, total, message: `imported ${imported}, skipped ${skipped}, failed ${failed}`, report: result.report });
        }
        return result;
      } catch (error) {
        // The bar must end: a failed or cancelled import reports its last state as finished.
        progress(total, error instanceof ScriptoriumError && error.code === "aborted" ? "cancelled" : "failed");
        throw error;
      }
    },
    list: async (input) => papers.list(input),
    get: async (input) => papers.get(input),
    delete: (input) => papers.delete(input),
    checkClaims: (input) => papers.checkClaims(input),
    history: async (input) => papers.history(input),
    pageView: async (input) => paperPageView(papers.library, input.doc_id),
  };
}
