import { useState } from "react";
import { useT } from "../../../store/StoreProvider.js";
import type { MessageKey } from "../../../i18n/translate.js";

/** What the local model is asked to do with the selected text. */
export const REWRITE_ACTIONS = ["rewrite", "expand", "shorten", "polish", "translate", "custom"] as const;
export type RewriteAction = (typeof REWRITE_ACTIONS)[number];

/** 改写 / 扩写 / 缩写 / 润色 / 翻译 buttons and a custom instruction, enabled while text is selected. */
export function SelectionActions({ disabled, onAction }: { disabled: boolean; onAction(action: RewriteAction, instruction?: string): void }) {
  const t = useT();
  const [instruction, setInstruction] = useState("");
  return (
    <div className="btn-group selection-actions" role="group" aria-label={t("editor.selectionActions")}>
      {REWRITE_ACTIONS.filter((a) => a !== "custom").map((action) => (
        <button key={action} type="button" className="btn btn--small" disabled={disabled} title={disabled ? t("editor.selectFirst") : undefined} onClick={() => onAction(action)}>
          {t(`editor.action.${action}` as MessageKey)}
        </button>
      ))}
      <input
        className="input input--small"
        aria-label={t("editor.customInstruction")}
        placeholder={t("editor.customPlaceholder")}
        value={instruction}
        onChange={(e) => setInstruction(e.target.value)}
      />
      <button type="button" className="btn btn--small" disabled={disabled || !instruction.trim()} onClick={() => onAction("custom", instruction.trim())}>
        {t("editor.action.custom")}
      </button>
    </div>
  );
}
