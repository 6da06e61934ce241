import { useMemo, useState } from "react";
import { useApp } from "../../store/StoreProvider.js";
import type { DocgenTranslate } from "./messages.js";

/** The `## ` section titles of a document (headings in code fences skipped), with whether each is a failure placeholder. */
export function documentSections(markdown: string): Array<{ title: string; failed: boolean }> {
  const out: Array<{ title: string; failed: boolean; lines: string[] }> = [];
  let fence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const h = fence ? null : /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) out.push({ title: h[1]!, failed: false, lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out.map((s) => ({ title: s.title, failed: s.lines.some((l) => /^【章节 \d+ 生成失败/.test(l.trim())) }));
}

/**
 * A finished run: rewrite one section of the document (`docgen.regenerateSection`) — a failed
 * placeholder or any other — with optional notes; the others stay as they are, a new version follows.
 */
export function RegenerateCard({ t, sessionId, markdown }: { t: DocgenTranslate; sessionId: string; markdown: string }) {
  const api = useApp((s) => s.api);
  const sections = useMemo(() => documentSections(markdown), [markdown]);
  const [notes, setNotes] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!sections.length) return null;
  const regenerate = async (index: number) => {
    setBusy(true);
    setProblem(null);
    try {
      await api.call("docgen.regenerateSection", { sessionId, index, ...(notes.trim() ? { notes: notes.trim() } : {}) });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="docgen-card docgen-regenerate" open={sections.some((s) => s.failed)}>
      <summary>{t("docgen.regenerate.title")}</summary>
      <label>
        {t("docgen.regenerate.notes")}
        <input name="regenerate_notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <ol className="docgen-regenerate__list">
        {sections.map((s, i) => (
          <li key={`${i}:${s.title}`} data-failed={s.failed ? "" : undefined}>
            <span>{s.title}</span>
            {s.failed && <span className="docgen-repeated"> {t("docgen.regenerate.failed")}</span>}
            <button type="button" className="btn" disabled={busy} onClick={() => void regenerate(i)}>
              {t("docgen.action.regenerateSection", { i: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}
