import { useEffect, useMemo, useState } from "react";
import type { PaperAnswer } from "../../../shared/workflows/paper.js";
import { useApp } from "../../store/StoreProvider.js";
import type { ChatMessage } from "./PaperChatPane.js";

/**
 * The session's questions and answers: questions from the persisted history (also for a session
 * opened from the list), answers from the session's events, then questions asked but not yet stored.
 */
export function usePaperMessages(answers: PaperAnswer[], asked: string[]): ChatMessage[] {
  const api = useApp((s) => s.api);
  const current = useApp((s) => s.current);
  const sessionId = current.workflow === "paper" ? current.sessionId : null;
  const [history, setHistory] = useState<Array<{ role: "user" | "assistant"; text: string }>>([]);
  useEffect(() => {
    if (!sessionId) return setHistory([]);
    api
      .call("paper.history", { sessionId })
      .then((r) => setHistory(r.messages.map((m) => ({ role: m.role, text: String(m.message.text ?? "") }))), () => setHistory([]));
  }, [api, sessionId, answers.length]);

  return useMemo(() => {
    const out: ChatMessage[] = [];
    let answerIndex = 0;
    for (const entry of history) {
      if (entry.role === "user") out.push({ role: "user", text: entry.text });
      else {
        const answer = answers[answerIndex++];
        out.push({ role: "assistant", text: answer?.answer ?? entry.text, ...(answer ? { answer } : {}) });
      }
    }
    // Answers whose history row has not been read back yet.
    for (const answer of answers.slice(answerIndex)) out.push({ role: "assistant", text: answer.answer, answer });
    const pending = asked.slice(out.filter((m) => m.role === "user").length);
    for (const q of pending) out.push({ role: "user", text: q });
    return out;
  }, [history, answers, asked]);
}
