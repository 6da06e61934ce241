import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PaperIntent, PaperSummary } from "../../../shared/workflows/paper.js";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { useApp } from "../../store/StoreProvider.js";
import { DeepReadPanel } from "./DeepReadPanel.js";
import { PaperExportButtons } from "./PaperExportButtons.js";
import { paperMessages } from "./messages.js";
import { PaperChatPane, type ChatMessage } from "./PaperChatPane.js";
import { SessionModelSelect, sessionModelField } from "../common/SessionModelSelect.js";
import { PaperLibraryPane } from "./PaperLibraryPane.js";
import { PaperReaderPane } from "./PaperReaderPane.js";
import { selectPaper } from "./paperView.js";
import "./paper.css";
import { RunErrorNotice } from "../common/RunErrorNotice.js";

/**
 * 论文阅读: library | reader | questions. A session is one `paper` run over the ticked papers;
 * the first question starts it, the next ones resume its `await_question` pause with `ask`.
 * Everything shown comes from the session's events and the `paper.*` methods.
 */
export function PaperScreen() {
  const t = useFeatureT(paperMessages);
  const api = useApp((s) => s.api);
  const startRun = useApp((s) => s.startRun);
  const resume = useApp((s) => s.resume);
  const cancelRun = useApp((s) => s.cancelRun);
  const closeSession = useApp((s) => s.closeSession);
  const pushError = useApp((s) => s.pushError);
  const current = useApp((s) => s.current);
  const isPaper = current.workflow === "paper";

  const [papers, setPapers] = useState<PaperSummary[]>([]);
  const [query, setQuery] = useState("");
  // The session's own model for the next question that starts a session ("" : the app's chat model).
  const [model, setModel] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [openDoc, setOpenDoc] = useState<string | null>(null);
  const [pages, setPages] = useState<Array<{ page: number; text: string }>>([]);
  const [jump, setJump] = useState<{ page: number; seq: number; quote?: string } | null>(null);
  const [selection, setSelection] = useState("");
  const [asked, setAsked] = useState<string[]>([]);
  const tokenBase = useRef(0);

  const refresh = useCallback(() => {
    api.call("paper.list", query ? { query } : {}).then((r) => setPapers(r.papers), pushError);
  }, [api, query, pushError]);
  useEffect(refresh, [refresh]);

  useEffect(() => {
    if (!openDoc) return setPages([]);
    api.call("paper.get", { doc_id: openDoc }).then((r) => setPages(r.pages), pushError);
  }, [api, openDoc, pushError]);

  // A session opened from the list (or after a reload) asks about its own papers: restore them as the
  // selection (and open the first) so 提问 works without ticking them again.
  const restoredFor = useRef<string | null>(null);
  useEffect(() => {
    const sessionId = isPaper ? current.sessionId : null;
    if (!sessionId || restoredFor.current === sessionId) return;
    restoredFor.current = sessionId;
    api.call("run.state", { sessionId }).then(
      (state) => {
        const ids = Array.isArray(state.values.doc_ids) ? state.values.doc_ids.filter((id): id is string => typeof id === "string") : [];
        if (ids.length === 0) return;
        setSelected((list) => (list.length && list.every((id) => ids.includes(id)) && list.length === ids.length ? list : ids));
        setOpenDoc((doc) => (doc && ids.includes(doc) ? doc : ids[0]!));
      },
      () => undefined,
    );
  }, [api, isPaper, current.sessionId]);

  // The session's answers and live deep-read stages: the paper reducer's fold of its events.
  const { answers, liveStages } = useApp(selectPaper);

  // Questions come from the persisted history (also for a session opened from the list).
  const [history, setHistory] = useState<Array<{ role: "user" | "assistant"; text: string }>>([]);
  useEffect(() => {
    if (!isPaper || !current.sessionId) return setHistory([]);
    api
      .call("paper.history", { sessionId: current.sessionId })
      .then((r) => setHistory(r.messages.map((m) => ({ role: m.role, text: String(m.message.text ?? "") }))), () => setHistory([]));
  }, [api, isPaper, current.sessionId, answers.length]);

  const messages: ChatMessage[] = useMemo(() => {
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

  const running = isPaper && current.status === "running";
  const paused = isPaper && current.pause?.pausePoint === "await_question";
  const lastDeep = [...answers].reverse().find((a) => a.intent === "deep_read") ?? null;
  const showDeep = Object.keys(liveStages).length > 0 || lastDeep !== null;

  const ask = async (question: string, intent?: PaperIntent) => {
    const docIds = selected.length > 0 ? selected : openDoc ? [openDoc] : [];
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

  const cite = (page: number, paper: number | null, quote?: string) => {
    // `[P2 p.4]` names the second paper of the session: open it before jumping.
    const docs = selected.length ? selected : openDoc ? [openDoc] : [];
    if (paper && docs[paper - 1] && docs[paper - 1] !== openDoc) setOpenDoc(docs[paper - 1]!);
    setJump({ page, seq: Date.now(), ...(quote ? { quote } : {}) });
  };

  const openTitle = papers.find((p) => p.doc_id === openDoc)?.title ?? null;
  return (
    <div className="paper-screen">
      <PaperLibraryPane
        t={t}
        papers={papers}
        selected={selected}
        query={query}
        onQuery={setQuery}
        onToggle={(id) => setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]))}
        onOpen={(id) => {
          setOpenDoc(id);
          setSelected((list) => (list.includes(id) ? list : list.length === 0 ? [id] : list));
        }}
        onChanged={refresh}
      />
      <PaperReaderPane t={t} title={openTitle} pages={pages} jump={jump} onAskSelection={(text) => setSelection(text)} />
      <div className="paper-side">
        <PaperChatPane
          t={t}
          messages={messages}
          streaming={isPaper ? current.tokenText.slice(tokenBase.current) : ""}
          running={running}
          selection={selection}
          onAsk={(q, intent) => void ask(q, intent)}
          onStop={() => void cancelRun()}
          onCite={cite}
          modelPicker={paused || running ? undefined : <SessionModelSelect value={model} onChange={setModel} />}
          onNewSession={() => {
            closeSession();
            setAsked([]);
          }}
        />
        {isPaper && current.sessionId && answers.length > 0 && !running && <PaperExportButtons t={t} sessionId={current.sessionId} />}
        {showDeep && (
          <DeepReadPanel
            t={t}
            stages={Object.keys(liveStages).length ? liveStages : (lastDeep?.stages ?? {})}
            answer={Object.keys(liveStages).length ? null : lastDeep}
            onCite={cite}
          />
        )}
        {isPaper && current.error && <RunErrorNotice error={current.error} />}
      </div>
    </div>
  );
}
