import { useRef, useState } from "react";
import type { PaperIntent } from "../../../shared/workflows/paper.js";
import { useApp } from "../../store/StoreProvider.js";
import { sessionModelField } from "../common/SessionModelSelect.js";
import type { PaperTranslate } from "./messages.js";

/**
 * Asking: the first question starts a `paper` run over the ticked papers (else the open one), the
 * next ones resume its `await_question` pause with `ask`. `tokenBase` marks where this answer's
 * streamed tokens begin in the session's token text.
 */
export function usePaperAsk(t: PaperTranslate, docIds: string[], model: string) {
  const startRun = useApp((s) => s.startRun);
  const resume = useApp((s) => s.resume);
  const pushError = useApp((s) => s.pushError);
  const current = useApp((s) => s.current);
  const isPaper = current.workflow === "paper";
  const paused = isPaper && current.pause?.pausePoint === "await_question";
  const [selection, setSelection] = useState("");
  const [asked, setAsked] = useState<string[]>([]);
  const tokenBase = useRef(0);

  const ask = async (question: string, intent?: PaperIntent) => {
    if (docIds.length === 0) return pushError(new Error(t("paper.chooseFirst")));
    tokenBase.current = isPaper ? current.tokenText.length : 0;
    setAsked((list) => [...list, question]);
    const fields = { user_query: question, ...(intent ? { forced_intent: intent } : {}), ...(selection ? { selected_text: selection } : {}) };
    setSelection("");
    if (paused) {
      await resume({ action: "ask", ...fields } as never);
    } else {
      tokenBase.current = 0;
      await startRun({ workflow: "paper", input: { doc_ids: docIds, ...fields }, ...sessionModelField(model) } as never);
    }
  };
  return { ask, asked, clearAsked: () => setAsked([]), selection, setSelection, paused, tokenBase };
}
