import { useCallback, useEffect, useRef, useState } from "react";
import type { GuideSummary } from "../../../shared/workflows/docgen.js";
import { useApp } from "../../store/StoreProvider.js";
import { FilePathField } from "../common/FilePathField.js";
import type { DocgenTranslate } from "./messages.js";
import { moduleName } from "./DocgenProgress.js";
import { HiddenFileInput } from "../common/HiddenFileInput.js";

/** `guide` is a library id; `rulesFile` a guide file path (the "path" choice), as `run.start` takes them. */
export interface GuideChoice {
  guide: string;
  rulesFile: string;
}

const PATH_CHOICE = "__path__";

/**
 * The rule set of a run: a guide of the library (the built-in one first), import a guide from a
 * `.md` file (refused with the engine's message when invalid), delete an imported one, or a path
 * (typed, picked in the desktop app's dialog, or uploaded in browser mode).
 */
export function GuidePicker({ t, value, onChange }: { t: DocgenTranslate; value: GuideChoice; onChange(v: GuideChoice): void }) {
  const api = useApp((s) => s.api);
  const locale = useApp((s) => s.locale);
  const [guides, setGuides] = useState<GuideSummary[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [usePath, setUsePath] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const reload = useCallback(
    () =>
      api.call("docgen.listGuides", {}).then(
        (r) => setGuides(r.guides),
        (e: Error) => setProblem(e.message),
      ),
    [api],
  );
  useEffect(() => void reload(), [reload]);

  const selected = usePath ? PATH_CHOICE : value.guide || "builtin";
  const current = guides.find((g) => g.id === selected);
  const importFile = async (file: File) => {
    setProblem(null);
    try {
      const { guide } = await api.call("docgen.importGuide", { name: file.name.replace(/\.(md|markdown|txt)$/i, ""), markdown: await file.text() });
      await reload();
      setUsePath(false);
      onChange({ guide: guide.id, rulesFile: "" });
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const remove = async () => {
    if (!current || current.builtin) return;
    setProblem(null);
    try {
      await api.call("docgen.deleteGuide", { id: current.id });
      onChange({ guide: "", rulesFile: "" });
      await reload();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <div className="field docgen-guides">
      <label className="field">
        <span className="field__label">{t("docgen.rules")}</span>
        <select
          className="input"
          name="guide"
          value={selected}
          onChange={(e) => {
            const id = e.target.value;
            setUsePath(id === PATH_CHOICE);
            onChange(id === PATH_CHOICE ? { guide: "", rulesFile: value.rulesFile } : { guide: id === "builtin" ? "" : id, rulesFile: "" });
          }}
        >
          {guides.map((g) => (
            <option key={g.id} value={g.id}>
              {g.builtin ? t("docgen.guide.builtin") : g.name}
            </option>
          ))}
          {!guides.length && <option value="builtin">{t("docgen.guide.builtin")}</option>}
          <option value={PATH_CHOICE}>{t("docgen.guide.path")}</option>
        </select>
      </label>
      {usePath && (
        <FilePathField
          label={t("docgen.guide.path")}
          name="rules_file"
          value={value.rulesFile}
          placeholder={t("docgen.rulesPlaceholder")}
          onChange={(rulesFile) => onChange({ guide: "", rulesFile })}
          accept=".md,.markdown,text/markdown"
          chooseLabel={t("docgen.chooseFile")}
          busyLabel={t("docgen.uploading")}
        />
      )}
      {current && current.modules.length > 0 && <p className="muted docgen-guides__modules">{current.modules.map((m) => moduleName(locale, m.key, m.name)).join(" · ")}</p>}
      <div className="docgen-guides__actions">
        <button type="button" className="btn btn--small" onClick={() => fileInput.current?.click()}>
          {t("docgen.guide.import")}
        </button>
        {current && !current.builtin && (
          <button type="button" className="btn btn--small" onClick={() => void remove()}>
            {t("docgen.guide.delete")}
          </button>
        )}
        <HiddenFileInput inputRef={fileInput} accept=".md,.markdown,.txt,text/markdown" label={t("docgen.guide.import")} onFile={(file) => void importFile(file)} />
      </div>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
