import { useCallback, useState } from "react";
import { useApp, useT } from "../../store/StoreProvider.js";
import { newTaskId } from "../../components/newTaskId.js";
import { pathForChosenFile } from "../common/pathForChosenFile.js";
import type { PaperTranslate } from "./messages.js";
import { paperErrorText } from "./paperErrorText.js";

/** A BibTeX / RIS reference file, imported as entries rather than read as a paper. */
export const isReferenceFile = (name: string) => /\.(bib|bibtex|ris)$/i.test(name.trim());

/**
 * The library's imports: a typed path, or a picked file (the desktop app's own path, an upload in
 * browser mode). A paper opens once imported; a .bib / .ris file adds its entries. The last outcome
 * is one message, replaced by the next import, in the UI language.
 */
export function usePaperImport(t: PaperTranslate, onChanged: () => void, onOpen: (docId: string) => void) {
  const api = useApp((s) => s.api);
  const shared = useT();
  const [busy, setBusy] = useState<"import" | "upload" | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const importPath = useCallback(
    async (path: string) => {
      setMessage(null);
      if (isReferenceFile(path)) {
        const { entries } = await api.call("paper.importBib", { path });
        setMessage({ ok: true, text: t("paper.bib.imported", { n: entries.length, pdf: entries.filter((e) => e.kind === "pdf").length }) });
        onChanged();
        return;
      }
      // The taskId puts the import in the job tray, with 取消 (jobs.cancel).
      const { papers } = await api.call("paper.import", { paths: [path], taskId: newTaskId("paper-import") });
      const paper = papers[0]!;
      setMessage({ ok: true, text: t("paper.imported", { t: paper.title, p: paper.pages }) });
      onChanged();
      onOpen(paper.doc_id);
    },
    [api, t, onChanged, onOpen],
  );

  const run = useCallback(
    async (kind: "import" | "upload", work: () => Promise<void>): Promise<boolean> => {
      setBusy(kind);
      try {
        await work();
        return true;
      } catch (error) {
        setMessage({ ok: false, text: paperErrorText(t, shared, error) });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [t, shared],
  );

  return {
    busy,
    message,
    clearMessage: () => setMessage(null),
    importPath: (path: string) => run("import", () => importPath(path)),
    importFile: (file: File) => run("upload", async () => importPath(await pathForChosenFile(file))),
  };
}
