import type { ReactNode } from "react";
import { useT } from "../../../store/StoreProvider.js";
import type { OutlineEditorState } from "./useOutlineEditor.js";
import "./outline.css";

export interface OutlineListLabels {
  /** The title input's label of section n (1-based). */
  sectionTitle(n: number): string;
  removeSection: string;
}

export interface OutlineListProps<S> {
  editor: OutlineEditorState<S>;
  titleOf(section: S): string;
  withTitle(section: S, title: string): S;
  /** What an unfolded section shows under its title row (the article's key points and materials, the doc generator's scope). */
  renderDetails(section: S, index: number, onChange: (section: S) => void): ReactNode;
  labels: OutlineListLabels;
}

/**
 * The sections of an outline at a pause: folded to their titles (▶, click to edit) or unfolded with
 * the title field, ↑ ↓ × and the workflow's own details.
 */
export function OutlineList<S>({ editor, titleOf, withTitle, renderDetails, labels }: OutlineListProps<S>) {
  const t = useT();
  const sections = editor.outline?.sections ?? [];
  return (
    <ol className="outline-list">
      {sections.map((section, i) => {
        const n = i + 1;
        const title = titleOf(section);
        if (!editor.expanded.has(i)) {
          return (
            <li key={i} className="outline-section outline-section--collapsed">
              <button type="button" className="outline-section__toggle" aria-expanded={false} onClick={() => editor.toggle(i)}>
                ▶ <span className="outline-section__num">{n}</span> {title}
              </button>
            </li>
          );
        }
        return (
          <li key={i} className="outline-section">
            <div className="outline-section__head">
              <button type="button" className="outline-section__toggle" aria-expanded={true} aria-label={title} onClick={() => editor.toggle(i)}>
                ▼
              </button>
              <span className="outline-section__num">{n}</span>
              <input className="input" aria-label={labels.sectionTitle(n)} value={title} onChange={(e) => editor.setSection(i, withTitle(section, e.target.value))} />
              <div className="icon-group">
                <button type="button" className="icon-btn" aria-label={`${t("common.moveUp")} ${n}`} disabled={i === 0} onClick={() => editor.move(i, -1)}>↑</button>
                <button type="button" className="icon-btn" aria-label={`${t("common.moveDown")} ${n}`} disabled={i === sections.length - 1} onClick={() => editor.move(i, 1)}>↓</button>
                <button type="button" className="icon-btn icon-btn--danger" aria-label={`${labels.removeSection} ${n}`} disabled={sections.length <= 1} onClick={() => editor.setSection(i, null)}>×</button>
              </div>
            </div>
            {renderDetails(section, i, (next) => editor.setSection(i, next))}
          </li>
        );
      })}
    </ol>
  );
}
