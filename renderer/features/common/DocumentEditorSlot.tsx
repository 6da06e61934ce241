import { lazy, Suspense } from "react";
import { useT } from "../../store/StoreProvider.js";
import type { DocumentEditorProps } from "./documentEditorTypes.js";
import { loadEditorModule } from "./editor/loadEditorModule.js";

export type { DocumentEditorProps, RewriteFn, RewriteRequest } from "./documentEditorTypes.js";

// CodeMirror and the lint worker load only when the editor is first opened: the first screen never waits for them.
const MarkdownEditor = lazy(() => loadEditorModule(() => import("./editor/MarkdownEditor.js")));

/** The markdown editor of the document pane, code-split. */
export function DocumentEditorSlot(props: DocumentEditorProps) {
  const t = useT();
  return (
    <Suspense fallback={<p className="muted" role="status">{t("editor.loading")}</p>}>
      <MarkdownEditor {...props} />
    </Suspense>
  );
}
