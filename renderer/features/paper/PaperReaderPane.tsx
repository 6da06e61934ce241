import { useEffect, useRef, useState, type ReactNode } from "react";
import { findQuote } from "../../../shared/text/findQuote.js";
import type { PaperTranslate } from "./messages.js";

export interface PaperReaderPaneProps {
  t: PaperTranslate;
  title: string | null;
  pages: Array<{ page: number; text: string }>;
  /** The page a citation asked to show (and its quote), with a counter so the same page can be asked twice. */
  jump: { page: number; seq: number; quote?: string } | null;
  onAskSelection(text: string): void;
}

/** The paper's pages; selecting text offers to ask about it; a citation scrolls to its page and marks it. */
export function PaperReaderPane({ t, title, pages, jump, onAskSelection }: PaperReaderPaneProps) {
  const root = useRef<HTMLDivElement>(null);
  const pane = useRef<HTMLElement>(null);
  const [selection, setSelection] = useState("");
  const [marked, setMarked] = useState<{ page: number; quote?: string } | null>(null);

  useEffect(() => {
    if (!jump) return;
    setMarked({ page: jump.page, ...(jump.quote ? { quote: jump.quote } : {}) });
  }, [jump]);

  // After the mark is drawn: scroll to the highlighted quote, else to the page's top.
  useEffect(() => {
    if (!marked) return;
    const page = root.current?.querySelector<HTMLElement>(`[data-page="${marked.page}"]`);
    const target = page?.querySelector<HTMLElement>("mark.paper-quote") ?? page;
    // Scroll the reader pane only: scrollIntoView would also scroll every ancestor (the studio's
    // main area, overflow hidden but still scrollable) and push the app's header out of view.
    const section = pane.current;
    // A quote sits a little below the pane's top, so the lines before it give context.
    const margin = target === page ? 0 : 80;
    if (target && section) section.scrollTop += target.getBoundingClientRect().top - section.getBoundingClientRect().top - margin;
  }, [marked]);

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
          <article key={page.page} className={`paper-page${marked?.page === page.page ? " paper-page--marked" : ""}`} data-page={page.page} aria-label={t("paper.page", { p: page.page })}>
            <header className="paper-page__number muted small">{t("paper.page", { p: page.page })}</header>
            {paragraphs(page.text, marked?.page === page.page ? marked.quote : undefined)}
          </article>
        ))}
      </div>
    </section>
  );
}

/**
 * A page's paragraphs, the cited quote highlighted in the first paragraph that holds it (matched
 * as the engine's quote gate matches: whitespace- and width-normalised, shared/text/findQuote).
 */
function paragraphs(text: string, quote: string | undefined): ReactNode[] {
  let done = !quote;
  return text.split(/\n\n+/).map((paragraph, i) => {
    const range = done ? null : findQuote(paragraph, quote!);
    if (!range) return <p key={i}>{paragraph}</p>;
    done = true;
    return (
      <p key={i}>
        {paragraph.slice(0, range.start)}
        <mark className="paper-quote">{paragraph.slice(range.start, range.end)}</mark>
        {paragraph.slice(range.end)}
      </p>
    );
  });
}
