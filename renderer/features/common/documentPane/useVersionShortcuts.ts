import { useEffect, useRef, type Dispatch, type SetStateAction } from "react";
import { matchesShortcut } from "../../../components/shortcuts.js";
import type { DocumentVersion } from "../documentApi.js";
import type { PaneMode } from "./usePaneMode.js";

/**
 * Keyboard: previous / next version and preview ⇄ editor, from anywhere in the window. Listens once;
 * the versions and the shown one are read through refs, so a key always acts on what is on screen.
 */
export function useVersionShortcuts(
  versions: DocumentVersion[],
  shown: number | null,
  select: (number: number | null) => void,
  setMode: Dispatch<SetStateAction<PaneMode>>,
) {
  const versionsRef = useRef(versions);
  versionsRef.current = versions;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const list = versionsRef.current;
      const at = list.findIndex((v) => v.number === shownRef.current);
      if (matchesShortcut(e, "previousVersion") && at > 0) select(list[at - 1]?.number ?? null);
      else if (matchesShortcut(e, "nextVersion") && at >= 0 && at < list.length - 1) select(list[at + 1]?.number ?? null);
      else if (matchesShortcut(e, "toggleEditor")) setMode((m) => (m === "editor" ? "rendered" : "editor"));
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
