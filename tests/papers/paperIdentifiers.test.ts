import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AppDb } from "../../electron/engine/storage/AppDb.js";
import { formatReferences } from "../../electron/engine/references/formatReferences.js";
import { BibLibrary } from "../../electron/engine/workflows/paper/library/bibLibrary.js";
import { PAPER_MIGRATIONS, PAPER_TABLES } from "../../electron/engine/workflows/paper/library/paperMigrations.js";
import { PaperLibrary } from "../../electron/engine/workflows/paper/library/PaperLibrary.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { buildPublishedPdf, proseLines, type PublishedLayout } from "./publishedLayoutPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

/**
 * The DOI and arXiv id a PDF prints are kept with the paper and reach its CSL record, its GB/T 7714
 * entry and the BibTeX export; the user corrects them in the metadata form. Real SQLite, real
 * LanceDB, PDFs laid out as publishers set them.
 */
const WITH_DOI: PublishedLayout = {
  first: [
    { text: "Journal of Applied Computing 12 (2021) 45-67", x: 72, y: 750, size: 8 },
    { text: "Robust Table Extraction from Scanned Financial Reports", x: 96, y: 690, size: 17, bold: true },
    { text: "Maria Chen1, David K. Okafor2 and Li Wei1", x: 190, y: 660, size: 11 },
    { text: "1Department of Computer Science, University of Lagos, Nigeria", x: 150, y: 644, size: 9 },
    { text: "https://doi.org/10.1016/j.jac.2021.03.004", x: 200, y: 618, size: 8 },
    { text: "Abstract", x: 72, y: 590, size: 11, bold: true },
    ...proseLines(72, 574, 90, 30),
  ],
};

const ON_ARXIV: PublishedLayout = {
  first: [
    { text: "arXiv:2103.01234v2 [cs.CL] 14 Mar 2021", x: 32, y: 250, size: 20, rotate: 90 },
    { text: "Sparse Attention for Long Document Classification", x: 110, y: 700, size: 18, bold: true },
    { text: "Ana Souza, Tomás Ruiz", x: 230, y: 666, size: 11 },
    { text: "Abstract", x: 72, y: 630, size: 11, bold: true },
    ...proseLines(72, 614, 90, 30),
  ],
};

const kits: PaperKit[] = [];
afterEach(async () => {
  for (const kit of kits.splice(0)) await kit.close();
});
function open(): { kit: PaperKit; bib: BibLibrary } {
  const kit = paperKit();
  kits.push(kit);
  return { kit, bib: new BibLibrary(kit.library, kit.appDb.db) };
}

describe("a paper's DOI and arXiv id", () => {
  it("import → stored → CSL record → GB/T 7714 entry and BibTeX carry the printed DOI", async () => {
    const { kit, bib } = open();
    const { doc_id } = await kit.library.importFile(kit.write("table-extraction.pdf", await buildPublishedPdf(WITH_DOI)));
    expect(kit.library.get(doc_id)).toMatchObject({ doi: "10.1016/j.jac.2021.03.004", arxiv: "" });
    const csl = bib.cslOf(doc_id);
    expect(csl).toMatchObject({ type: "article-journal", DOI: "10.1016/j.jac.2021.03.004" });
    const [entry] = formatReferences([csl], "gb-t-7714", "en");
    expect(entry!.text).toContain("Robust Table Extraction from Scanned Financial Reports[J]");
    expect(entry!.text).toContain("DOI:10.1016/j.jac.2021.03.004");
    expect(bib.exportBibtex([doc_id])).toMatch(/doi = \{10\.1016\/j\.jac\.2021\.03\.004\}/);
    expect(bib.metadataOf(doc_id)).toMatchObject({ doi: "10.1016/j.jac.2021.03.004", arxiv: "", source: "extracted" });
  });

  it("an arXiv preprint: the id is stored, the CSL record links its abstract page, GB/T 7714 prints it as a preprint", async () => {
    const { kit, bib } = open();
    const { doc_id } = await kit.library.importFile(kit.write("sparse.pdf", await buildPublishedPdf(ON_ARXIV)));
    expect(kit.library.get(doc_id)).toMatchObject({ doi: "", arxiv: "2103.01234" });
    const csl = bib.cslOf(doc_id);
    expect(csl).toMatchObject({ type: "article", URL: "https://arxiv.org/abs/2103.01234", number: "arXiv:2103.01234", publisher: "arXiv" });
    const [entry] = formatReferences([csl], "gb-t-7714", "en");
    expect(entry!.text).toContain("https://arxiv.org/abs/2103.01234");
    expect(entry!.text).not.toContain("[J]");
    expect(bib.exportBibtex([doc_id])).toContain("url = {https://arxiv.org/abs/2103.01234}");
    expect(bib.metadataOf(doc_id).arxiv).toBe("2103.01234");
  });

  it("the user corrects both; a wrong arXiv id is refused naming the field and changes nothing", async () => {
    const { kit, bib } = open();
    const { doc_id } = await kit.library.importFile(kit.write("sparse.pdf", await buildPublishedPdf(ON_ARXIV)));
    expect(() => bib.correct(doc_id, { arxiv: "arXiv:21.3" })).toThrow(expect.objectContaining({ code: "bad_request", details: expect.objectContaining({ field: "arxiv" }) }));
    expect(bib.metadataOf(doc_id)).toMatchObject({ arxiv: "2103.01234", source: "extracted" });

    // The abstract page's URL as pasted, and the DOI of the published version.
    bib.correct(doc_id, { arxiv: "https://arxiv.org/abs/2104.05678v3", doi: "https://doi.org/10.18653/v1/2021.emnlp-main.1" });
    expect(kit.library.get(doc_id)).toMatchObject({ arxiv: "2104.05678", doi: "10.18653/v1/2021.emnlp-main.1" });
    expect(bib.metadataOf(doc_id)).toMatchObject({ arxiv: "2104.05678", doi: "10.18653/v1/2021.emnlp-main.1", source: "user" });
    expect(bib.cslOf(doc_id)).toMatchObject({ URL: "https://arxiv.org/abs/2104.05678", number: "arXiv:2104.05678" });

    // Cleared: gone from the record, the CSL item and the stored columns alike.
    bib.correct(doc_id, { arxiv: "", doi: "" });
    expect(kit.library.get(doc_id)).toMatchObject({ arxiv: "", doi: "" });
    const cleared = bib.cslOf(doc_id);
    expect(cleared.URL).toBeUndefined();
    expect(cleared.number).toBeUndefined();
    expect(cleared.DOI).toBeUndefined();
  });
});

describe("a data dir made before the identifiers were stored", () => {
  it("migrates: old rows read with no DOI or arXiv id, are cited and corrected as before", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paper-ids-migrate-"));
    try {
      const before = PAPER_MIGRATIONS.length - 1;
      const old = AppDb.open(dir, { migrations: [{ namespace: "paper", steps: PAPER_MIGRATIONS.slice(0, before) }] });
      old.db
        .prepare(
          `INSERT INTO paper_docs (doc_id, title, authors, year, abstract, file_name, path, kind, pages, content_hash, imported_at)
           VALUES ('pold', 'An Older Paper', '["Jane Doe"]', 2019, '', 'old.pdf', '/tmp/old.pdf', 'pdf', 3, 'hash-old', '2025-01-01T00:00:00.000Z')`,
        )
        .run();
      expect(old.db.prepare("SELECT version FROM schema_namespaces WHERE namespace = 'paper'").pluck().get()).toBe(before);
      old.close();

      const appDb = AppDb.open(dir, { migrations: [PAPER_TABLES] });
      const library = new PaperLibrary({ dataDir: dir, db: appDb.db, embedder: new HashEmbedder(64), llm: () => undefined });
      try {
        expect(appDb.db.prepare("SELECT version FROM schema_namespaces WHERE namespace = 'paper'").pluck().get()).toBe(PAPER_MIGRATIONS.length);
        expect(library.get("pold")).toMatchObject({ title: "An Older Paper", doi: "", arxiv: "" });
        const bib = new BibLibrary(library, appDb.db);
        expect(bib.cslOf("pold").DOI).toBeUndefined();
        expect(formatReferences([bib.cslOf("pold")], "gb-t-7714", "en")[0]!.text).toContain("DOE J. An Older Paper[J]. 2019.");
        bib.correct("pold", { doi: "10.1000/old.2019.7" });
        expect(library.get("pold").doi).toBe("10.1000/old.2019.7");
        expect(formatReferences([bib.cslOf("pold")], "gb-t-7714", "en")[0]!.text).toContain("DOI:10.1000/old.2019.7");
      } finally {
        await library.close();
        appDb.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
