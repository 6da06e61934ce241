import { useEffect, useRef, useState } from "react";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import type { PaperTranslate } from "./messages.js";
import { PaperTextPages } from "./PaperTextPages.js";
import { PdfView } from "./pdf/PdfView.js";
import { pageViewMessages } from "./pdf/pageViewMessages.js";
import { usePageView } from "./pdf/usePageView.js";

export interface PaperReaderPaneProps {
  t: PaperTranslate;
  docId: string | null;
  title: string | null;
  pages: Array<{ page: number; text: string }>;
  /** The page a citation asked to show (and its quote), with a counter so the same page can be asked twice. */
  jump: { page: number; seq: number; quote?: string } | null;
  onAskSelection(text: string): void;
}

/**
 * The open paper: a PDF as its pages (pdf.js), else, or by choice, as its text. Selecting text
 * offers to ask about it; a citation opens its page with its quote highlighted.
 */
export function PaperReaderPane({ t, docId, title, pages, jump, onAskSelection }: PaperReaderPaneProps) {
  const tv = useFeatureT(pageViewMessages);
  const pane = useRef<HTMLElement>(null);
  const view = usePageView(docId);
  const [mode, setMode] = useState<"pages" | "text">("pages");
  const [selection, setSelection] = useState("");
  useEffect(() => setSelection(""), [docId]);
  const showPages = mode === "pages" && view.doc !== null;

  const readSelection = () => {
    const text = window.getSelection()?.toString().trim() ?? "";
    if (text && pane.current?.contains(window.getSelection()?.anchorNode ?? null)) setSelection(text.slice(0, 4000));
  };

  return (
    // tabIndex: the pane scrolls, so keyboard users must be able to focus it (axe scrollable-region-focusable).
    <section className="paper-reader" aria-label={t("paper.reader")} ref={pane} tabIndex={0}>
      <div className="paper-reader__head">
        <h2 className="paper-pane__title">{title ?? t("paper.reader")}</h2>
        {view.doc && (
          <div className="paper-reader__modes" role="group" aria-label={tv("pdf.viewMode")}>
            {(["pages", "text"] as const).map((m) => (
              <button
                key={m}
                type="button"
                className={`btn btn--small ${mode === m ? "btn--primary" : "btn--ghost"}`}
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
              >
                {tv(m === "pages" ? "pdf.pageView" : "pdf.textView")}
              </button>
            ))}
          </div>
        )}
      </div>
      {view.missing === "moved" || view.missing === "changed" ? <p className="muted small">{tv(`pdf.missing.${view.missing}`)}</p> : null}
      {view.loading && <p className="muted small">{tv("pdf.loading")}</p>}
      {selection && (
        <div className="paper-reader__selection">
          <span className="muted small">{t("paper.selection", { s: selection.length > 60 ? `${selection.slice(0, 60)}…` : selection })}</span>
          <button type="button" className="btn btn--small btn--primary" onClick={() => onAskSelection(selection)}>
            {t("paper.askSelection")}
          </button>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setSelection("")}>
            {t("paper.clearSelection")}
          </button>
        </div>
      )}
      <div className="paper-reader__pages" onMouseUp={readSelection} onKeyUp={readSelection}>
        {showPages ? (
          <PdfView t={tv} doc={view.doc!} ocr={view.ocr} pages={pages} jump={jump} pane={pane} />
        ) : (
          <PaperTextPages t={t} pages={pages} jump={jump} pane={pane} />
        )}
      </div>
    </section>
  );
}
