import { useState, type FormEvent } from "react";
import { useApp } from "../../store/StoreProvider.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { chatMessages } from "./messages.js";
import { streamRate } from "../../store/applyEvent.js";
import { RunErrorNotice } from "../common/RunErrorNotice.js";
import { SessionModelSelect, sessionModelField } from "../common/SessionModelSelect.js";
import { appChatModel } from "../common/appChatModel.js";

/** The first simple screen: one prompt, a reply streamed from `token` events. */
export function ChatScreen() {
  const t = useFeatureT(chatMessages);
  const isChat = useApp((s) => s.current.workflow === "chat");
  const reply = useApp((s) => (s.current.workflow === "chat" ? s.current.tokenText : ""));
  // A thinking model's thoughts, apart from the reply: shown folded only when Settings asks for it.
  const thoughts = useApp((s) => (s.current.workflow === "chat" && s.settings?.showThoughts ? s.current.thoughtText.trim() : ""));
  // A session started with the default writes with the app's chat model: the bubble names that one.
  const sessionModel = useApp((s) => (s.current.workflow === "chat" ? (s.current.model ?? appChatModel(s.settings)) : null));
  const status = useApp((s) => s.current.status);
  const error = useApp((s) => (s.current.workflow === "chat" ? s.current.error : null));
  const result = useApp((s) => s.current.result);
  const rate = useApp((s) => s.current.rate);
  const startRun = useApp((s) => s.startRun);
  const cancelRun = useApp((s) => s.cancelRun);
  const [prompt, setPrompt] = useState("");
  const [typed, setTyped] = useState<string | null>(null);
  const [model, setModel] = useState("");
  // A chat session opened from the list (or after a reload) shows its prompt, which is its title.
  const title = useApp((s) => (s.current.workflow === "chat" ? (s.sessions.find((x) => x.id === s.current.sessionId)?.title ?? null) : null));
  const asked = isChat ? (title ?? typed) : typed;
  const running = isChat && status === "running";
  // Some engines finish with the whole reply in `result` and no tokens; show it either way.
  const finalText = reply || (isChat && status === "done" ? resultText(result) : "");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!prompt.trim() || running) return;
    setTyped(prompt.trim());
    setPrompt("");
    await startRun({ workflow: "chat", input: { prompt: prompt.trim() }, ...sessionModelField(model) });
  };
  // No rate is shown for a reply the page cannot hear while the server is out of reach.
  const offline = useApp((s) => s.connection === "offline");
  const perSecond = offline ? null : streamRate(rate);

  return (
    <div className="chat">
      <div className="chat__log" aria-live="polite">
        {!asked && !isChat && <p className="empty">{t("chat.empty")}</p>}
        {asked && (
          <div className="bubble bubble--user">
            <span className="bubble__who">{t("chat.you")}</span>
            <p>{asked}</p>
          </div>
        )}
        {isChat && (
          <div className="bubble bubble--assistant" data-testid="chat-reply">
            <span className="bubble__who">
              {t("chat.assistant")}
              {sessionModel && <span className="muted small" data-testid="session-model"> · {sessionModel}</span>}
              {perSecond !== null && <span className="muted small"> · {t("status.rate", { r: perSecond.toFixed(1) })}</span>}
            </span>
            {thoughts && (
              <details className="bubble__thoughts" data-testid="chat-thoughts">
                <summary className="muted small">{t("chat.thoughts")}</summary>
                <p className="muted small">{thoughts}</p>
              </details>
            )}
            <p className="bubble__text">
              {finalText}
              {running && <span className="caret" aria-hidden />}
            </p>
            {error && <RunErrorNotice error={error} />}
          </div>
        )}
      </div>
      <form className="chat__form" onSubmit={(e) => void submit(e)}>
        <label className="sr-only" htmlFor="chat-prompt">
          {t("chat.prompt")}
        </label>
        <textarea
          id="chat-prompt"
          className="input"
          rows={3}
          placeholder={t("chat.placeholder")}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void submit(e);
          }}
        />
        <SessionModelSelect value={model} onChange={setModel} />
        {running ? (
          <button type="button" className="btn" onClick={() => void cancelRun()}>
            {t("chat.stop")}
          </button>
        ) : (
          <button type="submit" className="btn btn--primary" disabled={!prompt.trim()}>
            {t("chat.send")}
          </button>
        )}
      </form>
    </div>
  );
}

function resultText(result: unknown): string {
  if (typeof result === "string") return result;
  if (result && typeof result === "object") {
    const r = result as Record<string, unknown>;
    for (const key of ["reply", "text", "answer", "content"]) if (typeof r[key] === "string") return r[key];
  }
  return "";
}
