import { useEffect, useRef, useState } from "react";
import type { PaperTranslate } from "./messages.js";

export interface PaperReaderPaneProps {
  t: PaperTranslate;
  title: string | null;
  pages: Array<{ page: number; text: string }>;
  /** The page a citation asked to show, with a counter so the same page can be asked twice. */
  jump: { page: number; seq: number } | null;
  onAskSelection(text: string): void;
}

/** The paper's pages; selecting text offers to ask about it; a citation scrolls to its page and marks it. */
export function PaperReaderPane({ t, title, pages, jump, onAskSelection }: PaperReaderPaneProps) {
  const root = useRef<HTMLDivElement>(null);
  const pane = useRef<HTMLElement>(null);
  const [selection, setSelection] = useState("");
  const [marked, setMarked] = useState<number | null>(null);

  useEffect(() => {
    if (!jump) return;
    const target = root.current?.querySelector<HTMLElement>(`[data-page="${jump.page}"]`);
    // Scroll the reader pane only: scrollIntoView would also scroll every ancestor (the studio's
    // main area, overflow hidden but still scrollable) and push the app's header out of view.
    const section = pane.current;
    if (target && section) section.scrollTop += target.getBoundingClientRect().top - section.getBoundingClientRect().top;
    setMarked(jump.page);
  }, [jump]);

  const readSelection = () => {
    const text = window.getSelection()?.toString().trim() ?? "";
    if (text && root.current?.contains(window.getSelection()?.anchorNode ?? null)) setSelection(text.slice(0, 4000));
  };

  return (
    // tabIndex: the pane scrolls, so keyboard users must be able to focus it (axe scrollable-region-focusable).
    <section className="paper-reader" aria-label={t("paper.reader")} ref={pane} tabIndex={0}>
      <h2 className="paper-pane__title">{title ?? t("paper.reader")}</h2>
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
      <div className="paper-reader__pages" ref={root} onMouseUp={readSelection} onKeyUp={readSelection}>
        {pages.length === 0 && <p className="muted">{t("paper.noPaper")}</p>}
        {pages.map((page) => (
          <article key={page.page} className={`paper-page${marked === page.page ? " paper-page--marked" : ""}`} data-page={page.page} aria-label={t("paper.page", { p: page.page })}>
            <header className="paper-page__number muted small">{t("paper.page", { p: page.page })}</header>
            {page.text.split(/\n\n+/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </article>
        ))}
      </div>
    </section>
  );
}
