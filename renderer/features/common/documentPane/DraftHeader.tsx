import { useApp, useT } from "../../../store/StoreProvider.js";
import { shortcutAria, shortcutText } from "../../../components/shortcuts.js";
import type { PaneMode } from "./usePaneMode.js";

export interface DraftHeaderProps {
  title: string;
  streaming: boolean;
  mode: PaneMode;
  onMode(mode: PaneMode): void;
}

/** The document pane's heading: the live badge while text streams in, and the rendered ⇄ editor switch. */
export function DraftHeader({ title, streaming, mode, onMode }: DraftHeaderProps) {
  const t = useT();
  const offline = useApp((s) => s.connection === "offline" || s.connection === "locked");
  return (
    <header className="pane__header">
      <h2>{title}</h2>
      {/* Out of reach, nothing is known to be written: say so rather than 正在写作…. */}
      {streaming && !offline && <span className="badge badge--live">{t("draft.streaming")}</span>}
      {streaming && offline && <span className="badge">{t("draft.waitingReconnect")}</span>}
      <span className="toolbar__spacer" />
      <div className="segmented" role="tablist" aria-label={title}>
        <button type="button" role="tab" aria-selected={mode === "rendered"} onClick={() => onMode("rendered")}>
          {t("draft.rendered")}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={mode === "editor"}
          title={`${t("draft.editor")} (${shortcutText("toggleEditor")})`}
          aria-keyshortcuts={shortcutAria("toggleEditor")}
          onClick={() => onMode("editor")}
        >
          {t("draft.editor")}
        </button>
      </div>
    </header>
  );
}
