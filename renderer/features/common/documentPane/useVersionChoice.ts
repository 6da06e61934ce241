import { useEffect, useState } from "react";
import type { DocumentVersion } from "../documentApi.js";

/** Two versions side by side, or one text with the changes marked inline. */
export type DiffLayout = "side" | "inline";

/** Which version the pane shows, and whether it compares it with the one before. */
export interface VersionChoice {
  /** The version picked in the switcher, or null for the newest. */
  selected: number | null;
  setSelected(number: number | null): void;
  /** The version on screen: the picked one, else the newest (null while there are none). */
  shown: number | null;
  /** An older version is on screen: read-only, and it can be restored. */
  viewingOld: boolean;
  compare: boolean;
  setCompare(on: boolean): void;
  diffLayout: DiffLayout;
  setDiffLayout(layout: DiffLayout): void;
}

/** The version switcher's state; a new version shows the newest text again. */
export function useVersionChoice(versions: DocumentVersion[]): VersionChoice {
  const [selected, setSelected] = useState<number | null>(null);
  const [compare, setCompare] = useState(false);
  // Kept while comparison is off, so turning it on again brings back the layout last chosen.
  const [diffLayout, setDiffLayout] = useState<DiffLayout>("side");
  const latest = versions.at(-1)?.number ?? null;
  useEffect(() => {
    setSelected(null);
    setCompare(false);
  }, [latest]);
  const viewingOld = selected !== null && selected !== latest;
  return { selected, setSelected, shown: selected ?? latest, viewingOld, compare, setCompare, diffLayout, setDiffLayout };
}
