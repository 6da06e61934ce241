import { answerParts } from "./answerParts.js";

/** An answer with its `[p.N]` citations as buttons that jump the reader to the page. */
export function AnswerText({ text, onCite }: { text: string; onCite(page: number, paper: number | null): void }) {
  return (
    <div className="paper-answer__text">
      {text.split(/\n/).map((line, i) => (
        <p key={i}>
          {answerParts(line).map((part, j) =>
            part.kind === "text" ? (
              <span key={j}>{part.text}</span>
            ) : (
              <button key={j} type="button" className="paper-cite" data-page={part.page} onClick={() => onCite(part.page, part.paper)}>
                {part.text}
              </button>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
