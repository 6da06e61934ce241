import { useState } from "react";

/** An outline as the editor holds it: a title and sections of the workflow's own shape. */
export interface EditableOutline<S> {
  title: string;
  sections: S[];
}

/**
 * The state of an outline being edited at a pause (article PAUSE-2, the doc generator's outline
 * pause): the edited copy, which sections are unfolded, and the edits every workflow offers —
 * retitle, change, remove, reorder, add. `edited` says whether it differs from what the run sent.
 */
export function useOutlineEditor<S>(original: EditableOutline<S> | null) {
  const [outline, setOutline] = useState<EditableOutline<S> | null>(original);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const sections = outline?.sections ?? [];
  const update = (next: S[]) => outline && setOutline({ ...outline, sections: next });
  return {
    outline,
    expanded,
    edited: JSON.stringify(outline) !== JSON.stringify(original),
    allOpen: sections.length > 0 && sections.every((_, i) => expanded.has(i)),
    setTitle: (title: string) => outline && setOutline({ ...outline, title }),
    /** Replace section `index`, or remove it (null). */
    setSection: (index: number, section: S | null) => {
      const next = [...sections];
      if (section === null) next.splice(index, 1);
      else next[index] = section;
      update(next);
    },
    move: (index: number, delta: number) => {
      const next = [...sections];
      const [item] = next.splice(index, 1);
      if (item === undefined) return;
      next.splice(index + delta, 0, item);
      update(next);
    },
    /** Append a section, unfolded so its title can be typed at once. */
    add: (section: S) => {
      setExpanded(new Set([...expanded, sections.length]));
      update([...sections, section]);
    },
    toggle: (index: number) => {
      const next = new Set(expanded);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      setExpanded(next);
    },
    setAllOpen: (open: boolean) => setExpanded(open ? new Set(sections.map((_, i) => i)) : new Set()),
  };
}

export type OutlineEditorState<S> = ReturnType<typeof useOutlineEditor<S>>;
