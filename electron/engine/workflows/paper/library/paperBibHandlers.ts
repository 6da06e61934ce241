import type Database from "better-sqlite3";
import type { z } from "zod";
import type { PaperBibMethods } from "../../../../../shared/workflows/paperBib.js";
import { BibLibrary } from "./bibLibrary.js";
import type { PaperService } from "./PaperService.js";
import { importZotero } from "./zoteroImport.js";

/** One BibLibrary for the service, made on first use (it creates its table). */
export function lazyBibLibrary(service: PaperService, db: Database.Database): () => BibLibrary {
  let library: BibLibrary | undefined;
  return () => (library ??= new BibLibrary(service.library, db));
}

type In<K extends keyof typeof PaperBibMethods> = z.output<(typeof PaperBibMethods)[K]["input"]>;

/** The `paper.importBib / exportBib / importZotero / setMetadata` handlers, on the service's library. */
export function paperBibHandlers(service: PaperService, db: Database.Database, bib: () => BibLibrary = lazyBibLibrary(service, db)) {
  return {
    importBib: async ({ path }: In<"importBib">) => ({ entries: await bib().importFile(path) }),
    exportBib: async ({ doc_ids }: In<"exportBib">) => ({ bibtex: bib().exportBibtex(doc_ids) }),
    importZotero: async ({ url, collection }: In<"importZotero">) => importZotero(bib(), { ...(url ? { url } : {}), ...(collection ? { collection } : {}) }),
    setMetadata: async ({ doc_id, ...patch }: In<"setMetadata">) => ({ csl: bib().correct(doc_id, patch) as Record<string, unknown> }),
    getMetadata: async ({ doc_id }: In<"getMetadata">) => bib().metadataOf(doc_id),
  };
}
