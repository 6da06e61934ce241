import { TrackedExportButton } from "./TrackedExportButton.js";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useApp, useT } from "../../store/StoreProvider.js";
import { translateOr } from "../../i18n/defineMessages.js";
import { MarkdownView } from "./MarkdownView.js";
import { VersionDiff } from "./VersionDiff.js";
import { useDocumentVersions, useVersionText } from "./useDocumentVersions.js";
import { ExportButtons } from "./ExportButtons.js";
import { useFrameThrottled } from "./useFrameThrottled.js";
import { documentApi } from "./documentApi.js";
import { DocumentEditorSlot, type RewriteFn } from "./DocumentEditorSlot.js";
import { loadEditorModule } from "./editor/loadEditorModule.js";
import { rewriteSelection } from "./rewriteSelection.js";
import { matchesShortcut, shortcutAria, shortcutText } from "../../components/shortcuts.js";

// The inline (unified) diff is CodeMirror too: loaded with the editor's chunk, on demand.
const InlineDiff = lazy(() => loadEditorModule(() => import("./editor/InlineDiff.js")));

export interface DocumentPaneProps {
  /** Pane heading (default: the shared "稿件" / "Draft"). */
  title?: string;
  /** The document as it is now: streamed text while writing, else the current draft. */
  liveText: string;
  /** True while text is streaming in (shows the live badge; the editor stays read-only). */
  streaming: boolean;
  /** True when the user may edit the current version now (article: at PAUSE-3). */
  editable: boolean;
  /** Shown in the editor while editing is off (default: the article's PAUSE-3 notice). */
  editNotAllowed?: string;
  /** The user's unsent hand edit, or null (kept by the feature, e.g. in the store's `draftEdit`). */
  edit: string | null;
  onEdit(text: string | null): void;
  /** Shown while there is no text yet. */
  emptyText?: string;
  /** Extra toolbar content (feature buttons), rendered before the export buttons. */
  toolbar?: ReactNode;
  /**
   * The workflow whose document this pane shows: while the open session is another workflow's
   * (an article opened before switching to the doc generator), the pane shows none of its
   * versions, exports or text. Default: any session.
   */
  workflow?: string;
}

/**
 * The document pane every workflow uses: the document streaming in, a rendered / editor switch,
 * the version switcher with a side-by-side diff against the previous version, restore of an older
 * version, and export. Generic: it reads the open session's versions through `documentApi`.
 */
export function DocumentPane(props: DocumentPaneProps) {
  const t = useT();
  const foreign = useApp((s) => props.workflow !== undefined && s.current.workflow !== props.workflow);
  if (!foreign) return <SessionDocumentPane {...props} />;
  const title = props.title ?? t("draft.title");
  return (
    <section className="pane pane--draft" aria-label={title}>
      <header className="pane__header">
        <h2>{title}</h2>
      </header>
      <div className="pane__body">
        <p className="empty empty--draft">{props.emptyText ?? t("draft.empty")}</p>
      </div>
    </section>
  );
}

function SessionDocumentPane({ title, liveText, streaming, editable, editNotAllowed, edit, onEdit, emptyText, toolbar }: DocumentPaneProps) {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const api = useApp((s) => s.api);
  const offline = useApp((s) => s.connection === "offline" || s.connection === "locked");
  const sessionId = useApp((s) => s.current.sessionId);
  const pushError = useApp((s) => s.pushError);
  const lastSeqNow = useApp((s) => s.current.lastSeq);
  const lastSeqRef = useRef(lastSeqNow);
  lastSeqRef.current = lastSeqNow;
  const lastSeq = () => lastSeqRef.current;
  // The streamed draft reaches the screen at most once per frame, however fast chunks arrive.
  const live = useFrameThrottled(liveText);
  const [restored, setRestored] = useState(0);
  const versions = useDocumentVersions(restored);
  const [mode, setMode] = useState<"rendered" | "editor">("rendered");
  const [selected, setSelected] = useState<number | null>(null);
  const [compare, setCompare] = useState(false);
  const [diffLayout, setDiffLayout] = useState<"side" | "inline">("side");
  const reveal = useApp((s) => s.revealRequest?.seq ?? 0);
  // revealLine(n) opens the editor, which scrolls to the line.
  useEffect(() => {
    if (reveal > 0) setMode("editor");
  }, [reveal]);
  const latest = versions.at(-1)?.number ?? null;
  const shown = selected ?? latest;
  const viewingOld = selected !== null && selected !== latest;
  const canEdit = editable && !streaming && !viewingOld;

  // A new version shows the newest text again.
  useEffect(() => {
    setSelected(null);
    setCompare(false);
  }, [latest]);

  // Keyboard: previous / next version and preview ⇄ editor, from anywhere in the window.
  const versionsRef = useRef(versions);
  versionsRef.current = versions;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const list = versionsRef.current;
      const at = list.findIndex((v) => v.number === shownRef.current);
      if (matchesShortcut(e, "previousVersion") && at > 0) setSelected(list[at - 1]?.number ?? null);
      else if (matchesShortcut(e, "nextVersion") && at >= 0 && at < list.length - 1) setSelected(list[at + 1]?.number ?? null);
      else if (matchesShortcut(e, "toggleEditor")) setMode((m) => (m === "editor" ? "rendered" : "editor"));
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const selectedText = useVersionText(viewingOld ? selected : null);
  const olderNumber = compare && shown !== null && shown > 1 ? shown - 1 : null;
  const olderText = useVersionText(olderNumber);
  const newerText = useVersionText(compare && shown !== null ? shown : null);
  const text = viewingOld ? (selectedText ?? "") : live;
  const restore = () => (shown === null ? Promise.resolve() : restoreNumber(shown));
  const restoreNumber = async (number: number) => {
    if (!sessionId) return;
    try {
      await documentApi.restore(api, sessionId, number);
      setRestored((n) => n + 1);
    } catch (error) {
      pushError(error);
    }
  };

  const onRewrite: RewriteFn | undefined = sessionId
    ? (request, onToken, signal) => rewriteSelection(api, sessionId, lastSeq(), request, onToken, signal)
    : undefined;
  const onAccepted = async (next: string) => {
    if (!sessionId) return;
    try {
      // The accepted rewrite becomes a version and the current draft; the hand edit is now stored.
      await documentApi.edit(api, sessionId, next);
      onEdit(null);
      setRestored((n) => n + 1);
    } catch (error) {
      // Not stored: keep it as the user's unsent edit, so nothing is lost.
      onEdit(next);
      pushError(error);
    }
  };

  return (
    <section className="pane pane--draft" aria-label={title ?? t("draft.title")}>
      <header className="pane__header">
        <h2>{title ?? t("draft.title")}</h2>
        {/* Out of reach, nothing is known to be written: say so rather than 正在写作…. */}
        {streaming && !offline && <span className="badge badge--live">{t("draft.streaming")}</span>}
        {streaming && offline && <span className="badge">{t("draft.waitingReconnect")}</span>}
        <span className="toolbar__spacer" />
        <div className="segmented" role="tablist" aria-label={title ?? t("draft.title")}>
          <button type="button" role="tab" aria-selected={mode === "rendered"} onClick={() => setMode("rendered")}>
            {t("draft.rendered")}
          </button>
          <button type="button" role="tab" aria-selected={mode === "editor"} title={`${t("draft.editor")} (${shortcutText("toggleEditor")})`} aria-keyshortcuts={shortcutAria("toggleEditor")} onClick={() => setMode("editor")}>
            {t("draft.editor")}
          </button>
        </div>
      </header>
      {versions.length > 0 && (
        <div className="toolbar toolbar--versions">
          <label className="inline-field">
            <span>{t("draft.versions")}</span>
            <select
              className="input input--small"
              value={shown ?? ""}
              title={t("draft.versionKeys", { prev: shortcutText("previousVersion"), next: shortcutText("nextVersion") })}
              aria-keyshortcuts={`${shortcutAria("previousVersion")} ${shortcutAria("nextVersion")}`}
              onChange={(e) => setSelected(Number(e.target.value))}
            >
              {versions.map((v) => (
                <option key={v.number} value={v.number}>
                  {t("draft.version", { n: v.number })} · {translateOr(locale, `draft.reason.${v.reason}`)} · {t("draft.chars", { n: v.chars })}
                  {v.scores ? ` · ${Math.round(v.scores.overall)}` : ""}
                </option>
              ))}
            </select>
          </label>
          {shown !== null && shown > 1 && (
            <button type="button" className="btn btn--small" aria-pressed={compare} onClick={() => setCompare(!compare)}>
              {compare ? t("draft.hideCompare") : t("draft.compare")}
            </button>
          )}
          {viewingOld && (
            <button type="button" className="btn btn--small" onClick={() => void restore()}>
              {t("draft.restore")}
            </button>
          )}
          <span className="toolbar__spacer" />
          {toolbar}
          <ExportButtons number={shown} />
        </div>
      )}
      <div className="pane__body">
        {compare && olderNumber !== null && shown !== null ? (
          olderText !== null && newerText !== null ? (
            <>
              <div className="toolbar">
                <div className="segmented" role="tablist" aria-label={t("draft.diffLayout")}>
                  <button type="button" role="tab" aria-selected={diffLayout === "side"} onClick={() => setDiffLayout("side")}>
                    {t("draft.diffSide")}
                  </button>
                  <button type="button" role="tab" aria-selected={diffLayout === "inline"} onClick={() => setDiffLayout("inline")}>
                    {t("draft.diffInline")}
                  </button>
                </div>
                <span className="toolbar__spacer" />
                <TrackedExportButton from={olderNumber} to={shown} />
                <button type="button" className="btn btn--small" onClick={() => void restoreNumber(olderNumber)}>
                  {t("draft.restoreN", { n: olderNumber })}
                </button>
              </div>
              {diffLayout === "side" ? (
                <VersionDiff older={olderText} newer={newerText} olderLabel={t("draft.version", { n: olderNumber })} newerLabel={t("draft.version", { n: shown })} />
              ) : (
                <Suspense fallback={<p className="muted">{t("common.loading")}</p>}>
                  <InlineDiff older={olderText} newer={newerText} label={`${t("draft.version", { n: olderNumber })} ↔ ${t("draft.version", { n: shown })}`} />
                </Suspense>
              )}
            </>
          ) : (
            <p className="muted">{t("common.loading")}</p>
          )
        ) : mode === "editor" ? (
          <DocumentEditorSlot
            text={canEdit ? (edit ?? text) : text}
            readOnly={!canEdit}
            notice={canEdit ? null : (editNotAllowed ?? t("draft.editNotAllowed"))}
            versionKey={`${sessionId ?? ""}:${shown ?? 0}`}
            onChange={(next) => onEdit(next)}
            onRewrite={onRewrite}
            onAccepted={(next) => void onAccepted(next)}
          />
        ) : text ? (
          <MarkdownView markdown={canEdit && edit !== null ? edit : text} />
        ) : (
          <p className="empty empty--draft">{emptyText ?? t("draft.empty")}</p>
        )}
      </div>
    </section>
  );
}
