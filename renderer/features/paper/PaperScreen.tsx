import { useState } from "react";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { useApp } from "../../store/StoreProvider.js";
import { RunErrorNotice } from "../common/RunErrorNotice.js";
import { SessionModelSelect } from "../common/SessionModelSelect.js";
import { DeepReadPanel } from "./DeepReadPanel.js";
import { paperMessages } from "./messages.js";
import { PaperChatPane } from "./PaperChatPane.js";
import { PaperExportButtons } from "./PaperExportButtons.js";
import { PaperLibraryPane } from "./PaperLibraryPane.js";
import { PaperReaderPane } from "./PaperReaderPane.js";
import { selectPaper } from "./paperView.js";
import { usePaperAsk } from "./usePaperAsk.js";
import { usePaperCite } from "./usePaperCite.js";
import { usePaperLibrary } from "./usePaperLibrary.js";
import { usePaperMessages } from "./usePaperMessages.js";
import "./paper.css";

/**
 * 论文阅读: library | reader | questions. A session is one `paper` run over the ticked papers;
 * the first question starts it, the next ones resume its `await_question` pause with `ask`.
 * Everything shown comes from the session's events and the `paper.*` methods.
 */
export function PaperScreen() {
  const t = useFeatureT(paperMessages);
  const cancelRun = useApp((s) => s.cancelRun);
  const closeSession = useApp((s) => s.closeSession);
  const current = useApp((s) => s.current);
  const isPaper = current.workflow === "paper";
  const library = usePaperLibrary();
  const { openDoc, selected } = library;
  // The session's own model for the next question that starts a session ("" : the app's chat model).
  const [model, setModel] = useState("");
  const docs = selected.length ? selected : openDoc ? [openDoc] : [];
  const asking = usePaperAsk(t, docs, model);
  // The session's answers and live deep-read stages: the paper reducer's fold of its events.
  const { answers, liveStages } = useApp(selectPaper);
  const messages = usePaperMessages(answers, asking.asked);

  const running = isPaper && current.status === "running";
  const lastDeep = [...answers].reverse().find((a) => a.intent === "deep_read") ?? null;
  const live = Object.keys(liveStages).length > 0;
  const { jump, cite } = usePaperCite(docs, openDoc, library.setOpenDoc);
  const openTitle = library.papers.find((p) => p.doc_id === openDoc)?.title ?? null;
  return (
    <div className="paper-screen">
      <PaperLibraryPane
        t={t}
        papers={library.papers}
        selected={selected}
        query={library.query}
        onQuery={library.setQuery}
        onToggle={library.toggle}
        onOpen={library.open}
        onChanged={library.refresh}
      />
      <PaperReaderPane t={t} docId={openDoc} title={openTitle} pages={library.pages} jump={jump} onAskSelection={asking.setSelection} />
      <div className="paper-side">
        <PaperChatPane
          t={t}
          messages={messages}
          streaming={isPaper ? current.tokenText.slice(asking.tokenBase.current) : ""}
          running={running}
          selection={asking.selection}
          onAsk={(q, intent) => void asking.ask(q, intent)}
          onStop={() => void cancelRun()}
          onCite={cite}
          modelPicker={asking.paused || running ? undefined : <SessionModelSelect value={model} onChange={setModel} />}
          onNewSession={() => {
            closeSession();
            asking.clearAsked();
          }}
        />
        {isPaper && current.sessionId && answers.length > 0 && !running && <PaperExportButtons t={t} sessionId={current.sessionId} />}
        {(live || lastDeep) && <DeepReadPanel t={t} stages={live ? liveStages : (lastDeep?.stages ?? {})} answer={live ? null : lastDeep} onCite={cite} />}
        {isPaper && current.error && <RunErrorNotice error={current.error} />}
      </div>
    </div>
  );
}
