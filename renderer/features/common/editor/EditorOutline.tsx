import { useApp, useT } from "../../../store/StoreProvider.js";
import type { OutlineHeading } from "./headingOutline.js";

/** The headings beside the editor; a click goes through the store's revealLine, like docgen violations and paper citations. */
export function EditorOutline({ outline }: { outline: OutlineHeading[] }) {
  const t = useT();
  const revealLine = useApp((s) => s.revealLine);
  if (outline.length === 0) return null;
  return (
    <nav className="doc-outline" aria-label={t("editor.outline")}>
      <ol>
        {outline.map((h) => (
          <li key={`${h.line}`} style={{ paddingLeft: `${(h.depth - 1) * 10}px` }}>
            <button type="button" className="doc-outline__item" onClick={() => revealLine(h.line)}>
              {h.text}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
