import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { findQuote } from "../../../shared/text/findQuote.js";
import type { PaperTranslate } from "./messages.js";
import { scrollPane } from "./pdf/scrollPane.js";

export interface PaperTextPagesProps {
  t: PaperTranslate;
  pages: Array<{ page: number; text: string }>;
  /** The page a citation asked to show (and its quote), with a counter so the same page can be asked twice. */
  jump: { page: number; seq: number; quote?: string } | null;
  pane: RefObject<HTMLElement | null>;
}

/** The paper's extracted text page by page; a citation scrolls to its page and marks its quote. */
export function PaperTextPages({ t, pages, jump, pane }: PaperTextPagesProps) {
  const [marked, setMarked] = useState<{ page: number; quote?: string } | null>(null);
  useEffect(() => {
    if (jump) setMarked({ page: jump.page, ...(jump.quote ? { quote: jump.quote } : {}) });
  }, [jump]);

  // After the mark is drawn: scroll to the highlighted quote (the lines before it give context), else to the page's top.
  useEffect(() => {
    if (!marked) return;
    const page = pane.current?.querySelector<HTMLElement>(`article[data-page="${marked.page}"]`);
    const target = page?.querySelector<HTMLElement>("mark.paper-quote") ?? page;
    scrollPane(pane.current, target, target === page ? 0 : 80);
  }, [marked, pane]);

  return (
    <>
      {pages.length === 0 && <p className="muted">{t("paper.noPaper")}</p>}
      {pages.map((page) => (
        <article
          key={page.page}
          className={`paper-page${marked?.page === page.page ? " paper-page--marked" : ""}`}
          data-page={page.page}
          aria-label={t("paper.page", { p: page.page })}
        >
          <header className="paper-page__number muted small">{t("paper.page", { p: page.page })}</header>
          {paragraphs(page.text, marked?.page === page.page ? marked.quote : undefined)}
        </article>
      ))}
    </>
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
