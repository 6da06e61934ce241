import { useCallback, useEffect, useRef, useState } from "react";
import type { PaperSummary } from "../../../shared/workflows/paper.js";
import { useApp } from "../../store/StoreProvider.js";

/**
 * The library list (with its search), the ticked papers, the open paper and its pages. A session
 * opened from the list (or after a reload) asks about its own papers: they are restored as the
 * selection (and the first opened) so 提问 works without ticking them again.
 */
export function usePaperLibrary() {
  const api = useApp((s) => s.api);
  const pushError = useApp((s) => s.pushError);
  const current = useApp((s) => s.current);
  const [papers, setPapers] = useState<PaperSummary[]>([]);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [openDoc, setOpenDoc] = useState<string | null>(null);
  const [pages, setPages] = useState<Array<{ page: number; text: string }>>([]);

  const refresh = useCallback(() => {
    api.call("paper.list", query ? { query } : {}).then((r) => setPapers(r.papers), pushError);
  }, [api, query, pushError]);
  useEffect(refresh, [refresh]);

  useEffect(() => {
    if (!openDoc) return setPages([]);
    api.call("paper.get", { doc_id: openDoc }).then((r) => setPages(r.pages), pushError);
  }, [api, openDoc, pushError]);

  const restoredFor = useRef<string | null>(null);
  const sessionId = current.workflow === "paper" ? current.sessionId : null;
  useEffect(() => {
    if (!sessionId || restoredFor.current === sessionId) return;
    restoredFor.current = sessionId;
    api.call("run.state", { sessionId }).then(
      (state) => {
        const ids = Array.isArray(state.values.doc_ids) ? state.values.doc_ids.filter((id): id is string => typeof id === "string") : [];
        if (ids.length === 0) return;
        setSelected((list) => (list.length && list.every((id) => ids.includes(id)) && list.length === ids.length ? list : ids));
        setOpenDoc((doc) => (doc && ids.includes(doc) ? doc : ids[0]!));
      },
      () => undefined,
    );
  }, [api, sessionId]);

  const toggle = (id: string) => setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const open = (id: string) => {
    setOpenDoc(id);
    setSelected((list) => (list.includes(id) ? list : list.length === 0 ? [id] : list));
  };
  return { papers, query, setQuery, refresh, selected, toggle, open, openDoc, setOpenDoc, pages };
}
