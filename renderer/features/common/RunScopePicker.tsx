import { useEffect, useState } from "react";
import { COLLECTIONS, type Collection, type RunScope } from "../../../shared/knowledge.js";
import { useApp, useT } from "../../store/StoreProvider.js";

interface Choice {
  id: string;
  label: string;
}

/**
 * Where a run may search (run.start's `scope`): knowledge collections, bound folders and papers of
 * the library, each a tick box. Nothing ticked is the default, an unscoped run (the library, the
 * papers and the intranet plug-ins). Lists that cannot be read (no library yet) simply stay empty.
 */
export function RunScopePicker({
  value,
  onChange,
  words,
}: {
  value: RunScope | null;
  onChange: (scope: RunScope | null) => void;
  /** What nothing ticked means where the default is not "everything" (the doc generator: no library at all). */
  words?: { none: string; hint: string };
}) {
  const t = useT();
  const api = useApp((s) => s.api);
  const [folders, setFolders] = useState<Choice[]>([]);
  const [papers, setPapers] = useState<Choice[]>([]);
  useEffect(() => {
    let live = true;
    api.call("knowledge.folders", {}).then(
      (r) => live && setFolders(r.folders.map((f) => ({ id: f.path, label: f.path }))),
      () => live && setFolders([]),
    );
    api.call("paper.list", {}).then(
      (r) => live && setPapers(r.papers.filter((p) => p.pages > 0).map((p) => ({ id: p.doc_id, label: p.year ? `${p.title} (${p.year})` : p.title }))),
      () => live && setPapers([]),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const toggle = (field: keyof RunScope, id: string, on: boolean) => {
    const current = new Set<string>((value?.[field] as string[] | undefined) ?? []);
    if (on) current.add(id);
    else current.delete(id);
    const next: RunScope = { ...(value ?? {}), [field]: [...current] };
    if (!next[field]?.length) delete next[field];
    onChange((next.collections?.length ?? 0) + (next.folders?.length ?? 0) + (next.papers?.length ?? 0) > 0 ? next : null);
  };
  const group = (field: keyof RunScope, title: string, choices: Choice[]) =>
    choices.length === 0 ? null : (
      <fieldset className="run-scope__group">
        <legend>{title}</legend>
        {choices.map((choice) => (
          <label key={choice.id} className="run-scope__choice">
            <input
              type="checkbox"
              checked={((value?.[field] as string[] | undefined) ?? []).includes(choice.id)}
              onChange={(e) => toggle(field, choice.id, e.target.checked)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
    );
  const collections: Choice[] = COLLECTIONS.map((c: Collection) => ({ id: c, label: c }));
  return (
    <details className="field run-scope">
      <summary className="field__label">{value ? t("scope.limited") : (words?.none ?? t("scope.everything"))}</summary>
      <p className="muted">{words?.hint ?? t("scope.hint")}</p>
      {group("collections", t("scope.collections"), collections)}
      {group("folders", t("scope.folders"), folders)}
      {group("papers", t("scope.papers"), papers)}
    </details>
  );
}
