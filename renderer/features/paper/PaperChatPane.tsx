import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { PaperAnswer, PaperIntent } from "../../../shared/workflows/paper.js";
import { AnswerText, CitedSources } from "./AnswerText.js";
import { ExtractTable, withoutMarkdownTable, type ExtractRow } from "./ExtractTable.js";
import type { PaperTranslate } from "./messages.js";

/** The buttons of the chat pane: each forces its intent (the router's model call is skipped). */
export const INTENT_BUTTONS: readonly PaperIntent[] = ["critical", "deep_read", "extract", "translate", "recommend", "literature_review"];

export interface ChatMessage {
  role: "user" | "assistant";
  text: string;
  answer?: PaperAnswer;
}

export interface PaperChatPaneProps {
  t: PaperTranslate;
  messages: ChatMessage[];
  streaming: string;
  running: boolean;
  selection: string;
  onAsk(question: string, intent?: PaperIntent): void;
  onStop(): void;
  onCite(page: number, paper: number | null, quote?: string): void;
  onNewSession(): void;
  /** The session's model choice, shown while the next question starts a new session. */
  modelPicker?: ReactNode;
}

function download(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The result rows of an `extract` answer, or null for any other message. */
function extractRows(message: ChatMessage): ExtractRow[] | null {
  const rows = (message.answer?.intent === "extract" ? (message.answer.data as { results?: unknown } | undefined)?.results : undefined) as ExtractRow[] | undefined;
  return Array.isArray(rows) ? rows : null;
}

/** Questions and answers of the session, intent buttons, follow-up chips and extract exports. */
export function PaperChatPane({ t, messages, streaming, running, selection, onAsk, onStop, onCite, onNewSession, modelPicker }: PaperChatPaneProps) {
  const [question, setQuestion] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!question.trim() || running) return;
    onAsk(question.trim());
    setQuestion("");
  };
  const last = [...messages].reverse().find((m) => m.answer)?.answer;
  const logRef = useRef<HTMLDivElement>(null);
  // Follow the conversation: a new question or answer is brought into view from its start, and a
  // streaming reply keeps the column at its end unless the user scrolled up to read something else.
  useEffect(() => {
    const log = logRef.current;
    // While a reply runs: the newest bubble (the question, then the streaming reply). Once it is
    // done: the newest answer, whatever was rendered last in this commit (a run can end before its
    // answer message lands, when the log's last child is still the question).
    const answers = log?.querySelectorAll(":scope > .bubble--assistant");
    const newest = running ? log?.lastElementChild : (answers?.[answers.length - 1] ?? log?.lastElementChild);
    if (newest) newest.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [messages.length, running]);
  useEffect(() => {
    const column = logRef.current?.closest(".paper-side");
    if (!streaming || !column) return;
    if (column.scrollHeight - column.scrollTop - column.clientHeight < 120) column.scrollTop = column.scrollHeight;
  }, [streaming]);
  return (
    <section className="paper-chat" aria-label={t("paper.chat")}>
      <div className="paper-chat__head">
        <h2 className="paper-pane__title">{t("paper.chat")}</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onNewSession}>
          {t("paper.newSession")}
        </button>
      </div>
      <div className="btn-group paper-chat__intents">
        {INTENT_BUTTONS.map((intent) => (
          <button
            key={intent}
            type="button"
            className="btn btn--small"
            disabled={running}
            onClick={() => {
              // The typed question (if any) goes with the button, like a sent one.
              onAsk(question.trim() || t(`paper.intent.${intent}`), intent);
              setQuestion("");
            }}
          >
            {t(`paper.intent.${intent}`)}
          </button>
        ))}
      </div>
      <div className="paper-chat__log" aria-live="polite" ref={logRef}>
        {messages.map((message, i) => (
          <div key={i} className={`bubble bubble--${message.role}`} data-testid={message.role === "assistant" ? "paper-answer" : undefined}>
            <span className="bubble__who">
              {message.role === "user" ? t("paper.you") : `${t("paper.assistant")}${message.answer ? ` · ${t(`paper.intent.${message.answer.intent}`)}` : ""}`}
              {message.answer?.context_mode && (
                <span
                  className="bubble__mode"
                  data-testid="paper-context-mode"
                  data-mode={message.answer.context_mode}
                  title={t(`paper.contextMode.title.${message.answer.context_mode}`)}
                >
                  {` · ${t(`paper.contextMode.${message.answer.context_mode}`)}`}
                </span>
              )}
            </span>
            {message.role === "assistant" ? (
              <AnswerText
                text={extractRows(message) ? withoutMarkdownTable(message.text) : message.text}
                citations={message.answer?.citations ?? []}
                onCite={onCite}
              />
            ) : (
              <p>{message.text}</p>
            )}
            {message.answer && (
              <CitedSources
                label={t("paper.sources")}
                ocrLabel={t("paper.ocrSource")}
                lowOcrLabel={(c) => t("paper.ocrLowSource", { c })}
                citations={message.answer.citations}
                onCite={onCite}
              />
            )}
            {extractRows(message) && <ExtractTable t={t} rows={extractRows(message)!} onCite={onCite} />}
            {message.answer?.intent === "extract" && typeof (message.answer.data as { csv?: unknown } | undefined)?.csv === "string" && (
              <div className="btn-group">
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => download("extract.csv", "text/csv", (message.answer!.data as { csv: string }).csv)}
                >
                  {t("paper.exportCsv")}
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => download("extract.md", "text/markdown", (message.answer!.data as { markdown: string }).markdown)}
                >
                  {t("paper.exportMd")}
                </button>
              </div>
            )}
          </div>
        ))}
        {running && (
          <div className="bubble bubble--assistant" data-testid="paper-streaming">
            <span className="bubble__who">{t("paper.assistant")}</span>
            <p className="bubble__text">
              {streaming}
              <span className="caret" aria-hidden />
            </p>
          </div>
        )}
      </div>
      {!running && last && last.follow_ups.length > 0 && (
        <div className="paper-chat__follow" aria-label={t("paper.followUps")}>
          {last.follow_ups.map((q) => (
            <button key={q} type="button" className="chip paper-chip" onClick={() => onAsk(q)}>
              {q}
            </button>
          ))}
        </div>
      )}
      <form className="chat__form" onSubmit={submit}>
        <label className="sr-only" htmlFor="paper-question">
          {t("paper.question")}
        </label>
        <textarea
          id="paper-question"
          className="input"
          rows={2}
          placeholder={selection ? t("paper.selection", { s: selection.slice(0, 40) }) : t("paper.placeholder")}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) submit(e);
          }}
        />
        {modelPicker}
        {running ? (
          <button type="button" className="btn" onClick={onStop}>
            {t("paper.stop")}
          </button>
        ) : (
          <button type="submit" className="btn btn--primary" disabled={!question.trim()}>
            {t("paper.send")}
          </button>
        )}
      </form>
    </section>
  );
}
