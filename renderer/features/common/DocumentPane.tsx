import { useApp, useT } from "../../store/StoreProvider.js";
import type { DocumentPaneProps } from "./documentPane/DocumentPaneProps.js";
import { SessionDocumentPane } from "./documentPane/SessionDocumentPane.js";

export type { DocumentPaneProps } from "./documentPane/DocumentPaneProps.js";

/**
 * The document pane every workflow uses: the document streaming in, a rendered / editor switch,
 * the version switcher with a side-by-side diff against the previous version, restore of an older
 * version, and export. Generic: it reads the open session's versions through `documentApi`.
 */
export function DocumentPane(props: DocumentPaneProps) {
  const t = useT();
  const foreign = useApp((s) => props.workflow !== undefined && s.current.workflow !== props.workflow);
  if (!foreign) return <SessionDocumentPane {...props} />;
  const title = props.title ?? t("draft.title");
  return (
    <section className="pane pane--draft" aria-label={title}>
      <header className="pane__header">
        <h2>{title}</h2>
      </header>
      <div className="pane__body">
        <p className="empty empty--draft">{props.emptyText ?? t("draft.empty")}</p>
      </div>
    </section>
  );
}
