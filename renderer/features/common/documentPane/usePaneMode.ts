import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { useApp } from "../../../store/StoreProvider.js";

/** What the document pane shows: the rendered markdown or the editor. */
export type PaneMode = "rendered" | "editor";

/** The pane's mode; revealLine(n) opens the editor, which scrolls to the line. */
export function usePaneMode(): [PaneMode, Dispatch<SetStateAction<PaneMode>>] {
  const [mode, setMode] = useState<PaneMode>("rendered");
  const reveal = useApp((s) => s.revealRequest?.seq ?? 0);
  useEffect(() => {
    if (reveal > 0) setMode("editor");
  }, [reveal]);
  return [mode, setMode];
}
