import { lowOcrConfidence, type Citation } from "../../../shared/workflows/paper.js";
import { answerParts } from "./answerParts.js";

/**
 * An answer with its `[p.N]` citations as buttons that jump the reader to the page and highlight
 * the citation's quote (the engine's quote gate verified it appears in the cited passage).
 */
export function AnswerText({
  text,
  citations = [],
  onCite,
}: {
  text: string;
  citations?: Citation[];
  onCite(page: number, paper: number | null, quote?: string): void;
}) {
  // The n-th `[p.N]` of a page takes the n-th citation of that page (the gate keeps their order).
  const used = new Map<number, number>();
  const quoteFor = (page: number): string | undefined => {
    const ofPage = citations.filter((c) => c.page === page && c.quote);
    const n = used.get(page) ?? 0;
    used.set(page, n + 1);
    return (ofPage[n] ?? ofPage[0])?.quote;
  };
  return (
    <div className="paper-answer__text">
      {text.split(/\n/).map((line, i) => (
        <p key={i}>
          {answerParts(line).map((part, j) => {
            if (part.kind === "text") return <span key={j}>{part.text}</span>;
            const quote = quoteFor(part.page);
            return (
              <button key={j} type="button" className="paper-cite" data-page={part.page} title={quote} onClick={() => onCite(part.page, part.paper, quote)}>
                {part.text}
              </button>
            );
          })}
        </p>
      ))}
    </div>
  );
}

/** The answer's sources: only the passages it cites, each with its verified quote. */
export function CitedSources({
  label,
  ocrLabel,
  lowOcrLabel,
  citations,
  onCite,
}: {
  label: string;
  ocrLabel: string;
  /** The mark of a page OCR read with low confidence, given the confidence in percent. */
  lowOcrLabel(percent: number): string;
  citations: Citation[];
  onCite(page: number, paper: number | null, quote?: string): void;
}) {
  if (citations.length === 0) return null;
  return (
    <ol className="paper-sources" aria-label={label} data-testid="paper-sources">
      {citations.map((citation, i) => (
        <li key={`${citation.chunk_id}-${i}`}>
          <button type="button" className="paper-cite" onClick={() => onCite(citation.page, null, citation.quote)}>
            p.{citation.page}
          </button>
          {lowOcrConfidence(citation) ? (
            <span className="paper-sources__low-ocr small" data-testid="paper-source-low-ocr">
              {" "}
              {lowOcrLabel(Math.round(citation.ocr_confidence! * 100))}
            </span>
          ) : (
            citation.ocr && <span className="muted small"> {ocrLabel}</span>
          )}
          {citation.quote && <q className="paper-sources__quote">{citation.quote}</q>}
        </li>
      ))}
    </ol>
  );
}
