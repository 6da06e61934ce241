import { useEffect, useState } from "react";
import { useApp, useT } from "../../store/StoreProvider.js";
import { selectDraftText } from "../../store/selectors.js";
import type { MessageKey } from "../../i18n/translate.js";
import { MarkdownView } from "./MarkdownView.js";
import { VersionDiff } from "./VersionDiff.js";
import { useVersions, useVersionText } from "./useVersions.js";
import { ExportButtons } from "./ExportButtons.js";
import { useFrameThrottled } from "./useFrameThrottled.js";

/**
 * The right pane: the draft streaming in, a rendered / markdown-editor switch (edits only at
 * PAUSE-3, sent as `edited_draft`), the version switcher with a side-by-side diff, and export.
 */
export function DraftPane() {
  const t = useT();
  // The streamed draft reaches the screen at most once per frame, however fast chunks arrive.
  const live = useFrameThrottled(useApp(selectDraftText));
  const streaming = useApp((s) => s.current.streamingSections !== null);
  const pausePoint = useApp((s) => s.current.pause?.pausePoint ?? null);
  const draftEdit = useApp((s) => s.draftEdit);
  const setDraftEdit = useApp((s) => s.setDraftEdit);
  const versions = useVersions();
  const [mode, setMode] = useState<"rendered" | "editor">("rendered");
  const [selected, setSelected] = useState<number | null>(null);
  const [compare, setCompare] = useState(false);
  const latest = versions.at(-1)?.number ?? null;
  const shown = selected ?? latest;
  const canEdit = pausePoint === "draft_confirm" && (selected === null || selected === latest);

  // A new version (or a new pause) shows the newest text again and drops a stale hand edit.
  useEffect(() => {
    setSelected(null);
    setCompare(false);
  }, [latest]);
  useEffect(() => {
    if (pausePoint !== "draft_confirm") setDraftEdit(null);
  }, [pausePoint, setDraftEdit]);

  const selectedText = useVersionText(selected !== null && selected !== latest ? selected : null);
  const olderNumber = compare && shown !== null && shown > 1 ? shown - 1 : null;
  const olderText = useVersionText(olderNumber);
  const newerText = useVersionText(compare && shown !== null ? shown : null);
  const text = selected !== null && selected !== latest ? (selectedText ?? "") : live;

  return (
    <section className="pane pane--draft" aria-label={t("draft.title")}>
      <header className="pane__header">
        <h2>{t("draft.title")}</h2>
        {streaming && <span className="badge badge--live">{t("draft.streaming")}</span>}
        <span className="toolbar__spacer" />
        <div className="segmented" role="tablist" aria-label={t("draft.title")}>
          <button type="button" role="tab" aria-selected={mode === "rendered"} onClick={() => setMode("rendered")}>
            {t("draft.rendered")}
          </button>
          <button type="button" role="tab" aria-selected={mode === "editor"} onClick={() => setMode("editor")}>
            {t("draft.editor")}
          </button>
        </div>
      </header>
      {versions.length > 0 && (
        <div className="toolbar toolbar--versions">
          <label className="inline-field">
            <span>{t("draft.versions")}</span>
            <select className="input input--small" value={shown ?? ""} onChange={(e) => setSelected(Number(e.target.value))}>
              {versions.map((v) => (
                <option key={v.number} value={v.number}>
                  {t("draft.version", { n: v.number })} · {t(`draft.reason.${v.reason}` as MessageKey)} · {t("draft.chars", { n: v.chars })}
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
          <span className="toolbar__spacer" />
          <ExportButtons number={shown} />
        </div>
      )}
      <div className="pane__body">
        {compare && olderNumber !== null && shown !== null ? (
          olderText !== null && newerText !== null ? (
            <VersionDiff
              older={olderText}
              newer={newerText}
              olderLabel={t("draft.version", { n: olderNumber })}
              newerLabel={t("draft.version", { n: shown })}
            />
          ) : (
            <p className="muted">{t("common.loading")}</p>
          )
        ) : mode === "editor" ? (
          <>
            {!canEdit && <p className="notice">{t("draft.editNotAllowed")}</p>}
            <textarea
              className="editor"
              aria-label={t("draft.editorLabel")}
              readOnly={!canEdit}
              value={canEdit ? (draftEdit ?? text) : text}
              onChange={(e) => setDraftEdit(e.target.value)}
              spellCheck={false}
            />
          </>
        ) : text ? (
          <MarkdownView markdown={canEdit && draftEdit !== null ? draftEdit : text} />
        ) : (
          <p className="empty empty--draft">{t("draft.empty")}</p>
        )}
      </div>
    </section>
  );
}
