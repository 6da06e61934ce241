import { useState } from "react";
import { FilePathField } from "../common/FilePathField.js";
import { GuidePicker } from "./GuidePicker.js";
import { SessionModelSelect } from "../common/SessionModelSelect.js";
import { RunScopePicker } from "../common/RunScopePicker.js";
import type { RunScope } from "../../../shared/knowledge.js";
import type { DocgenKey, DocgenTranslate } from "./messages.js";

export type FormMode = "text" | "notes" | "code" | "review";
const MODES: readonly FormMode[] = ["code", "notes", "text", "review"];

export interface DocgenFormValues {
  mode: FormMode;
  topic: string;
  /** Code folder or notes path. */
  source: string;
  /** Source text, or the markdown to review. */
  text: string;
  /** Review mode: a file to review instead of pasted text (a path, or an upload's path in browser mode). */
  reviewFile: string;
  /** A guide file path (empty: none). */
  rules: string;
  /** A library guide id (empty: the built-in guide). */
  guide: string;
  confirmOutline: boolean;
  /** The document's language; empty: the engine detects it from the topic and the source. */
  locale: "" | "zh" | "en";
  /** The session's own model (run.start's `model_name`); empty: the app's chat model. */
  model: string;
  /** Library collections, bound folders and papers the sections take sources from (null: none). */
  scope?: RunScope | null;
}

export const EMPTY_DOCGEN_FORM: DocgenFormValues = {
  mode: "code",
  topic: "",
  source: "",
  text: "",
  reviewFile: "",
  rules: "",
  guide: "",
  confirmOutline: true,
  locale: "",
  model: "",
};

/** The desktop app's folder dialog (preload `window.scriptoriumFiles.chooseFolder`); absent in browser mode. */
export function folderChooser(w: unknown = typeof window === "undefined" ? undefined : window): ((options: { title?: string }) => Promise<string | null>) | null {
  const files = (w as { scriptoriumFiles?: { chooseFolder?: unknown } } | undefined)?.scriptoriumFiles;
  return typeof files?.chooseFolder === "function" ? (files.chooseFolder as (options: { title?: string }) => Promise<string | null>) : null;
}

/** The message key of what is missing before a run can start, or null. */
export function formProblem(v: DocgenFormValues): DocgenKey | null {
  if (!v.topic.trim()) return "docgen.needTopic";
  if ((v.mode === "notes" || v.mode === "code") && !v.source.trim()) return "docgen.needSource";
  if (v.mode === "text" && !v.text.trim()) return "docgen.needText";
  if (v.mode === "review" && !v.text.trim() && !v.reviewFile.trim()) return "docgen.needReview";
  return null;
}

/**
 * Mode, topic, source (the folder dialog in the desktop app; a file picker that uploads in browser
 * mode), text or the document to review (pasted or a file), language, rule set.
 */
export function DocgenForm({ t, running, onStart, onStop }: { t: DocgenTranslate; running: boolean; onStart(values: DocgenFormValues): void; onStop(): void }) {
  const [values, setValues] = useState<DocgenFormValues>(EMPTY_DOCGEN_FORM);
  const [problem, setProblem] = useState<DocgenKey | null>(null);
  const chooseFolder = folderChooser();
  const set = <K extends keyof DocgenFormValues>(key: K, value: DocgenFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const submit = () => {
    const missing = formProblem(values);
    setProblem(missing);
    if (!missing) onStart(values);
  };
  const fileLabels = { chooseLabel: t("docgen.chooseFile"), busyLabel: t("docgen.uploading") };
  return (
    <form
      className="card docgen-form"
      aria-label={t("docgen.title")}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="radio-row">
        <legend className="field__label">{t("docgen.mode")}</legend>
        {MODES.map((m) => (
          <label key={m} className={`radio-card${values.mode === m ? " is-active" : ""}`}>
            <input type="radio" name="docgen-mode" value={m} checked={values.mode === m} onChange={() => set("mode", m)} /> {t(`docgen.mode.${m}`)}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field__label">{t("docgen.topic")}</span>
        <input className="input" name="topic" value={values.topic} placeholder={t("docgen.topicPlaceholder")} onChange={(e) => set("topic", e.target.value)} />
      </label>
      {values.mode === "code" && (
        <div className="inline-form docgen-form__row">
          <label className="field field--grow">
            <span className="field__label">{t("docgen.source")}</span>
            <input
              className="input"
              name="source_path"
              value={values.source}
              placeholder={t("docgen.sourcePlaceholder")}
              onChange={(e) => set("source", e.target.value)}
            />
          </label>
          {chooseFolder && (
            <button
              type="button"
              className="btn"
              onClick={() =>
                void chooseFolder({ title: t("docgen.chooseFolder") }).then(
                  (chosen) => chosen && set("source", chosen),
                  () => undefined,
                )
              }
            >
              {t("docgen.chooseFolder")}
            </button>
          )}
        </div>
      )}
      {values.mode === "notes" && (
        <FilePathField
          label={t("docgen.notesSource")}
          name="source_path"
          value={values.source}
          onChange={(p) => set("source", p)}
          accept=".md,.markdown,text/markdown"
          placeholder={t("docgen.sourcePlaceholder")}
          {...fileLabels}
        />
      )}
      {(values.mode === "text" || values.mode === "review") && (
        <label className="field">
          <span className="field__label">{values.mode === "review" ? t("docgen.markdown") : t("docgen.text")}</span>
          <textarea className="input" name="context" rows={6} value={values.text} onChange={(e) => set("text", e.target.value)} />
        </label>
      )}
      {values.mode === "review" && (
        <FilePathField
          label={t("docgen.reviewFile")}
          name="review_file"
          value={values.reviewFile}
          onChange={(p) => set("reviewFile", p)}
          onPicked={(file) => setValues((v) => (v.topic.trim() ? v : { ...v, topic: file.name.replace(/\.[^.]+$/, "") }))}
          accept=".md,.markdown,.txt,text/markdown,text/plain"
          {...fileLabels}
        />
      )}
      <div className="field-row">
        <label className="field">
          <span className="field__label">{t("docgen.locale")}</span>
          <select className="input" name="locale" value={values.locale} onChange={(e) => set("locale", e.target.value as DocgenFormValues["locale"])}>
            <option value="">{t("docgen.locale.auto")}</option>
            <option value="zh">{t("docgen.locale.zh")}</option>
            <option value="en">{t("docgen.locale.en")}</option>
          </select>
        </label>
        <GuidePicker
          t={t}
          value={{ guide: values.guide, rulesFile: values.rules }}
          onChange={(c) => setValues((v) => ({ ...v, guide: c.guide, rules: c.rulesFile }))}
        />
      </div>
      {values.mode !== "review" && (
        <label className="field docgen-form__check">
          <input type="checkbox" name="confirm_outline" checked={values.confirmOutline} onChange={(e) => set("confirmOutline", e.target.checked)} />{" "}
          {t("docgen.confirmOutline")}
        </label>
      )}
      {values.mode !== "review" && (
        <RunScopePicker
          value={values.scope ?? null}
          onChange={(scope) => setValues((v) => ({ ...v, scope }))}
          words={{ none: t("docgen.scope.none"), hint: t("docgen.scope.hint") }}
        />
      )}
      <SessionModelSelect value={values.model} onChange={(m) => set("model", m)} />
      {problem && <p className="notice notice--error">{t(problem)}</p>}
      <div className="docgen-form__actions">
        {running ? (
          <button type="button" className="btn" onClick={onStop}>
            {t("docgen.stop")}
          </button>
        ) : (
          <button type="submit" className="btn btn--primary">
            {values.mode === "review" ? t("docgen.startReview") : t("docgen.start")}
          </button>
        )}
      </div>
    </form>
  );
}
