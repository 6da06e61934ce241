import { useT } from "../../store/StoreProvider.js";

export interface DocumentEditorProps {
  /** The text to show (the user's edit when there is one). */
  text: string;
  readOnly: boolean;
  /** Why editing is off, or null. */
  notice: string | null;
  /** Identifies the document version shown (session:number): the editor keeps one history per key. */
  versionKey: string;
  onChange(text: string): void;
}

/** The markdown editor of the document pane. */
export function DocumentEditorSlot({ text, readOnly, notice, onChange }: DocumentEditorProps) {
  const t = useT();
  return (
    <>
      {notice && <p className="notice">{notice}</p>}
      <textarea className="editor" aria-label={t("draft.editorLabel")} readOnly={readOnly} value={text} onChange={(e) => onChange(e.target.value)} spellCheck={false} />
    </>
  );
}
