import { useState } from "react";
import { GuidePicker } from "./GuidePicker.js";
import type { DocgenTranslate } from "./messages.js";

export type FormMode = "text" | "notes" | "code" | "review";

export interface DocgenFormValues {
  mode: FormMode;
  topic: string;
  source: string;
  text: string;
  /** A guide file path (empty: none). */
  rules: string;
  /** A library guide id (empty: the built-in guide). */
  guide: string;
  confirmOutline: boolean;
}

/** The desktop app's folder dialog (preload `window.scriptoriumFiles.chooseFolder`); absent in browser mode. */
export function folderChooser(w: unknown = typeof window === "undefined" ? undefined : window): ((options: { title?: string }) => Promise<string | null>) | null {
  const files = (w as { scriptoriumFiles?: { chooseFolder?: unknown } } | undefined)?.scriptoriumFiles;
  return typeof files?.chooseFolder === "function" ? (files.chooseFolder as (options: { title?: string }) => Promise<string | null>) : null;
}

/** Mode picker, topic, source path (the Electron folder dialog when the bridge has it; a path field always), text, rule set. */
export function DocgenForm({ t, running, onStart, onStop }: { t: DocgenTranslate; running: boolean; onStart(values: DocgenFormValues): void; onStop(): void }) {
  const [values, setValues] = useState<DocgenFormValues>({ mode: "code", topic: "", source: "", text: "", rules: "", guide: "", confirmOutline: true });
  const [problem, setProblem] = useState<string | null>(null);
  const chooseFolder = folderChooser();
  const set = <K extends keyof DocgenFormValues>(key: K, value: DocgenFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const submit = () => {
    if (!values.topic.trim()) return setProblem(t("docgen.needTopic"));
    if ((values.mode === "notes" || values.mode === "code") && !values.source.trim()) return setProblem(t("docgen.needSource"));
    if ((values.mode === "text" || values.mode === "review") && !values.text.trim()) return setProblem(t("docgen.needText"));
    setProblem(null);
    onStart(values);
  };
  return (
    <form
      className="docgen-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="docgen-form__modes">
        <legend>{t("docgen.mode")}</legend>
        {(["code", "notes", "text", "review"] as const).map((m) => (
          <label key={m}>
            <input type="radio" name="docgen-mode" value={m} checked={values.mode === m} onChange={() => set("mode", m)} /> {t(`docgen.mode.${m}`)}
          </label>
        ))}
      </fieldset>
      <label>
        {t("docgen.topic")}
        <input name="topic" value={values.topic} placeholder={t("docgen.topicPlaceholder")} onChange={(e) => set("topic", e.target.value)} />
      </label>
      {(values.mode === "code" || values.mode === "notes") && (
        <div className="docgen-form__source">
          <label>
            {t("docgen.source")}
            <input name="source_path" value={values.source} placeholder={t("docgen.sourcePlaceholder")} onChange={(e) => set("source", e.target.value)} />
          </label>
          {chooseFolder && (
            <button
              type="button"
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
      {(values.mode === "text" || values.mode === "review") && (
        <label>
          {values.mode === "review" ? t("docgen.markdown") : t("docgen.text")}
          <textarea name="context" rows={6} value={values.text} onChange={(e) => set("text", e.target.value)} />
        </label>
      )}
      <GuidePicker t={t} value={{ guide: values.guide, rulesFile: values.rules }} onChange={(c) => setValues((v) => ({ ...v, guide: c.guide, rules: c.rulesFile }))} />
      {values.mode !== "review" && (
        <label className="docgen-form__check">
          <input type="checkbox" name="confirm_outline" checked={values.confirmOutline} onChange={(e) => set("confirmOutline", e.target.checked)} /> {t("docgen.confirmOutline")}
        </label>
      )}
      {problem && <p className="notice notice--error">{problem}</p>}
      <div className="docgen-form__actions">
        {running ? (
          <button type="button" onClick={onStop}>
            {t("docgen.stop")}
          </button>
        ) : (
          <button type="submit" className="primary">
            {values.mode === "review" ? t("docgen.startReview") : t("docgen.start")}
          </button>
        )}
      </div>
    </form>
  );
}
