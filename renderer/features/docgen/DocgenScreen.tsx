import { useEffect, useMemo, useState } from "react";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { selectDraftText } from "../../store/selectors.js";
import { useApp } from "../../store/StoreProvider.js";
import { EditableDocumentPane } from "../common/EditableDocumentPane.js";
import { Timeline } from "../common/Timeline.js";
import { DocgenForm, type DocgenFormValues } from "./DocgenForm.js";
import { DocgenSessionSettings, docgenSettingsOf, type DocgenSettingsView } from "./DocgenSessionSettings.js";
import { DocgenPauseCard } from "./DocgenPauseCard.js";
import { docgenStartInput } from "./docgenStartInput.js";
import { DocgenGraph } from "./DocgenGraph.js";
import { DocgenProgress } from "./DocgenProgress.js";
import type { GraphShape } from "./graphLayout.js";
import { RegenerateCard } from "./RegenerateCard.js";
import { selectDocgen, withPipeline } from "./docgenView.js";
import { ReviewChangesCard } from "./ReviewChangesCard.js";
import { docgenMessages } from "./messages.js";
import "./docgen.css";
import { RunErrorNotice } from "../common/RunErrorNotice.js";
import { sessionModelField } from "../common/SessionModelSelect.js";

const NO_GRAPH: GraphShape = { nodes: [], edges: [] };

interface DocgenMeta {
  pipeline: string[];
  names: Record<string, string>;
  mermaid: string;
  graph: GraphShape;
  reviewOnly: boolean;
  /** The session these were read for, so another session's settings never show for a moment. */
  sessionId: string | null;
  settings: DocgenSettingsView | null;
}
const NO_META: DocgenMeta = { pipeline: [], names: {}, mermaid: "", graph: NO_GRAPH, reviewOnly: false, sessionId: null, settings: null };

/**
 * 文档生成: the form (mode, topic, source, rule set), the run's timeline with scan steps, outline,
 * section progress, one chip per module, violations by rule (links scroll the document to the line)
 * and each round's diff; the common editable document pane on the right (only this workflow's
 * document: an article opened before shows nothing here).
 */
export function DocgenScreen() {
  const t = useFeatureT(docgenMessages);
  const api = useApp((s) => s.api);
  const current = useApp((s) => s.current);
  const startRun = useApp((s) => s.startRun);
  const cancelRun = useApp((s) => s.cancelRun);
  const revealLine = useApp((s) => s.revealLine);
  const live = useApp(selectDraftText);
  const isDocgen = current.workflow === "docgen";
  const [meta, setMeta] = useState<DocgenMeta>(NO_META);

  // The guide's pipeline (module order), the graph and review_only are not in the event stream: read
  // run.state once per session and again when the run changes phase or its first review arrives
  // (the pipeline is set by then). Everything else on this screen is the docgen reducer's view.
  const fold = useApp(selectDocgen);
  const reviewing = fold.modules.length > 0;
  useEffect(() => {
    if (!isDocgen || !current.sessionId) return;
    api.call("run.state", { sessionId: current.sessionId }).then(
      (s) =>
        setMeta({
          pipeline: (s.values.review_pipeline as string[]) ?? [],
          names: Object.fromEntries(
            ((s.values.guide as { modules?: Array<{ key: string; name: string }> } | undefined)?.modules ?? []).map((m) => [m.key, m.name]),
          ),
          mermaid: String(s.values.mermaid ?? ""),
          graph: (s.values.graph as GraphShape | undefined) ?? NO_GRAPH,
          reviewOnly: s.values.review_only === true,
          sessionId: s.session.id,
          settings: docgenSettingsOf(s.values as Record<string, unknown>),
        }),
      () => undefined,
    );
  }, [api, isDocgen, current.sessionId, current.status, reviewing]);

  const view = useMemo(() => withPipeline(fold, meta.pipeline, meta.names), [fold, meta.pipeline, meta.names]);
  const running = isDocgen && current.status === "running";
  const moduleStates = useMemo(() => Object.fromEntries(view.modules.map((m) => [m.key, m.state])), [view.modules]);

  const start = (v: DocgenFormValues) => void startRun({ workflow: "docgen", input: docgenStartInput(v), ...sessionModelField(v.model) } as never);

  // A finished run's document is the user's: edited in the pane, stored as a new version.
  const finished = isDocgen && current.status === "done" && current.pause === null;

  return (
    <div className="docgen-screen">
      <div className="docgen-left">
        <h2 className="docgen-title">{t("docgen.title")}</h2>
        {/* An open session shows what it was started with; "+ 新建文档" closes it and brings back an empty form. */}
        {isDocgen && current.sessionId ? (
          <DocgenSessionSettings
            t={t}
            settings={meta.sessionId === current.sessionId ? meta.settings : null}
            running={running}
            onStop={() => void cancelRun()}
          />
        ) : (
          <DocgenForm t={t} running={running} onStart={start} onStop={() => void cancelRun()} />
        )}
        {isDocgen ? (
          <>
            <Timeline renderPause={(pause) => <DocgenPauseCard t={t} pause={pause} />} />
            <DocgenProgress t={t} view={view} onLine={revealLine} />
            {current.error && <RunErrorNotice error={current.error} />}
            {current.status === "done" && current.sessionId && meta.reviewOnly && <ReviewChangesCard t={t} sessionId={current.sessionId} />}
            {current.status === "done" && current.sessionId && !meta.reviewOnly && <RegenerateCard t={t} sessionId={current.sessionId} markdown={live} />}
            {meta.graph.nodes.length > 0 && <DocgenGraph t={t} shape={meta.graph} mermaid={meta.mermaid} states={moduleStates} />}
          </>
        ) : null /* The document pane beside says how to start; the same hint here would read twice. */}
      </div>
      <EditableDocumentPane
        workflow="docgen"
        title={t("docgen.document")}
        liveText={isDocgen ? live : ""}
        streaming={isDocgen && current.streamingSections !== null}
        editable={finished}
        canSaveVersion={finished}
        editNotAllowed={t("docgen.editWhenDone")}
        emptyText={isDocgen ? undefined : t("docgen.empty")}
      />
    </div>
  );
}
