import { useEffect, useState } from "react";
import { useApp } from "../../store/StoreProvider.js";
import { downloadExport } from "../common/exportDraft.js";
import type { DocgenTranslate } from "./messages.js";
import { ruleTitle } from "../../i18n/ruleText.js";

interface Change {
  index: number;
  deleted: string;
  inserted: string;
  rule: string | null;
  reason: string | null;
  before?: string | undefined;
  after?: string | undefined;
}

/** Whitespace made visible: an inserted or deleted space alone must not read as an empty change. */
const shown = (text: string) => (text.trim() === "" ? text.replace(/ /g, "␣").replace(/\n/g, "↵").replace(/\t/g, "⇥") : text);

/**
 * A finished review: every change from the document as given (version 1) to the repaired one,
 * with its rule and reason, accepted or rejected one by one; the choice is stored as a new
 * version, and the whole review downloads as a Word file with tracked changes.
 */
export function ReviewChangesCard({ t, sessionId }: { t: DocgenTranslate; sessionId: string }) {
  const api = useApp((s) => s.api);
  const locale = useApp((s) => s.locale);
  const [range, setRange] = useState<{ from: number; to: number } | null>(null);
  const [changes, setChanges] = useState<Change[]>([]);
  const [accepted, setAccepted] = useState<Set<number>>(new Set());
  const [saved, setSaved] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const { versions } = await api.call("documents.versions", { sessionId });
        const numbers = versions.map((v) => v.number).sort((a, b) => a - b);
        if (numbers.length < 2) return;
        // The review's own versions: the first (as given) and the newest the review wrote.
        const from = numbers[0]!;
        const to = versions.filter((v) => v.reason !== "manual_edit").map((v) => v.number).sort((a, b) => a - b).at(-1) ?? numbers.at(-1)!;
        const result = await api.call("documents.trackedChanges", { sessionId, from, to });
        // The user's last saved choice (a version saved after the review's own): its choices are
        // shown again, and the tracked export is of that version.
        const savedNumber = versions.filter((v) => v.reason === "manual_edit" && v.number > to).map((v) => v.number).sort((a, b) => a - b).at(-1) ?? null;
        const kept = savedNumber === null ? null : await api.call("documents.trackedChanges", { sessionId, from, to: savedNumber });
        if (!live) return;
        setRange({ from, to });
        setChanges(result.changes);
        setAccepted(kept ? acceptedIn(result.changes, kept.changes) : new Set(result.changes.map((c) => c.index)));
        setSaved(savedNumber);
      } catch (error) {
        if (live) setProblem((error as Error).message);
      }
    })();
    return () => {
      live = false;
    };
  }, [api, sessionId]);

  if (!range || changes.length === 0) return null;
  const toggle = (index: number, accept: boolean) =>
    setAccepted((prev) => {
      const next = new Set(prev);
      if (accept) next.add(index);
      else next.delete(index);
      return next;
    });
  const save = async () => {
    setProblem(null);
    try {
      const { version } = await api.call("documents.applyTrackedChanges", { sessionId, ...range, accepted: [...accepted].sort((a, b) => a - b) });
      setSaved(version.number);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const exportDocx = async () => {
    setProblem(null);
    try {
      // The version the user saved (their accepts and rejects), not the review's proposal.
      downloadExport(await api.call("documents.export", { sessionId, format: "docx", tracked: { from: range.from, to: saved ?? range.to } }));
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <details className="docgen-card docgen-changes" open>
      <summary>{t("docgen.changes.title", { n: changes.length })}</summary>
      <ol className="docgen-changes__list">
        {changes.map((c) => (
          <li key={c.index} data-change={c.index} data-accepted={accepted.has(c.index) ? "true" : "false"}>
            <span className="docgen-changes__text">
              {c.before ? <span className="docgen-changes__context">…{c.before}</span> : null}
              {c.deleted && <del>{shown(c.deleted)}</del>}
              {c.inserted && <ins>{shown(c.inserted)}</ins>}
              {c.after ? <span className="docgen-changes__context">{c.after}…</span> : null}
            </span>
            {c.rule && (
              <span className="muted docgen-changes__rule">
                {" "}
                {/* The rule's title; the mechanical fixer's own note is that title again, so it is left out. */}
                {t("docgen.changes.rule", { rule: ruleTitle(locale, c.rule) })}
                {c.reason && c.rule !== "fix" ? t("docgen.changes.reason", { reason: c.reason }) : ""}
              </span>
            )}
            <span className="docgen-changes__choice">
              <label>
                <input type="radio" name={`change-${c.index}`} checked={accepted.has(c.index)} onChange={() => toggle(c.index, true)} />
                {t("docgen.changes.accept")}
              </label>
              <label>
                <input type="radio" name={`change-${c.index}`} checked={!accepted.has(c.index)} onChange={() => toggle(c.index, false)} />
                {t("docgen.changes.reject")}
              </label>
            </span>
          </li>
        ))}
      </ol>
      <button type="button" className="btn" onClick={() => void save()}>
        {t("docgen.changes.save")}
      </button>{" "}
      <button type="button" className="btn" onClick={() => void exportDocx()}>
        {t("docgen.changes.exportDocx")}
      </button>
      {saved !== null && <p role="status">{t("docgen.changes.saved", { n: saved })}</p>}
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}

/**
 * Which of the review's changes a saved version kept: a change is accepted when the saved
 * version's own changes from the same original contain it (same removed and inserted text, each
 * match used once).
 */
function acceptedIn(review: readonly Change[], savedChanges: ReadonlyArray<Pick<Change, "deleted" | "inserted">>): Set<number> {
  const left = new Map<string, number>();
  for (const c of savedChanges) left.set(`${c.deleted}\u0000${c.inserted}`, (left.get(`${c.deleted}\u0000${c.inserted}`) ?? 0) + 1);
  const accepted = new Set<number>();
  for (const c of review) {
    const key = `${c.deleted}\u0000${c.inserted}`;
    const n = left.get(key) ?? 0;
    if (n > 0) {
      accepted.add(c.index);
      left.set(key, n - 1);
    }
  }
  return accepted;
}
