import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BibLibrary } from "../../electron/engine/workflows/paper/library/bibLibrary.js";
import type { CslItem } from "../../electron/engine/references/citeproc.js";
import { buildPaperPdf, PAPER_TITLE } from "./paperPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

const FIXTURES = path.resolve("tests/fixtures/references");
const kits: PaperKit[] = [];
afterEach(async () => {
  for (const kit of kits.splice(0)) await kit.close();
});
function open(): { kit: PaperKit; bib: BibLibrary } {
  const kit = paperKit();
  kits.push(kit);
  return { kit, bib: new BibLibrary(kit.library, kit.appDb.db) };
}

/** What a record means, without citation.js's bookkeeping. */
function essence(item: CslItem): Record<string, unknown> {
  const { id: _id, _graph: _g, ...rest } = item as CslItem & { _graph?: unknown };
  return rest;
}

describe("BibTeX / RIS import and BibTeX export", () => {
  it("round trip: import → export → import gives the same records", async () => {
    const first = open();
    const imported = [...(await first.bib.importFile(path.join(FIXTURES, "zh.bib"))), ...(await first.bib.importFile(path.join(FIXTURES, "en.ris"))), ...(await first.bib.importFile(path.join(FIXTURES, "en.bib")))];
    expect(imported).toHaveLength(12);
    expect(imported.every((r) => r.kind === "metadata" && !r.existing)).toBe(true);
    expect(first.kit.library.list()).toHaveLength(12);

    const bibtex = first.bib.exportBibtex();
    const file = first.kit.write("library.bib", bibtex);
    const second = open();
    const again = await second.bib.importFile(file);
    expect(again.map((r) => r.citation_key).sort()).toEqual(imported.map((r) => r.citation_key).sort());
    for (const r of imported) {
      const before = first.bib.cslOf(r.doc_id);
      const after = second.bib.cslOf(again.find((a) => a.citation_key === r.citation_key)!.doc_id);
      expect(essence(after), r.citation_key).toEqual(essence(before));
    }
    // Importing the same file twice adds nothing.
    expect((await second.bib.importFile(file)).every((r) => r.existing)).toBe(true);
    expect(second.kit.library.list()).toHaveLength(12);
    // A selection exports only the chosen records.
    const one = first.bib.exportBibtex([imported[0]!.doc_id]);
    expect(one.match(/^@/gm)).toHaveLength(1);
    expect(one).toContain("zhang2020");
  });

  it("an entry whose file field names a PDF imports the paper and keeps the entry's metadata", async () => {
    const { kit, bib } = open();
    kit.write("pdfs/routing.pdf", await buildPaperPdf(2));
    const file = kit.write("refs.bib", `@article{routing2024,\n  author = {Lin, Mei and Park, Jun},\n  title = {Sparse routing transformers},\n  journal = {Journal of Document AI},\n  year = {2024},\n  file = {Full Text PDF:pdfs/routing.pdf:application/pdf}\n}\n@misc{missing2020, title = {A paper whose PDF is gone}, author = {Doe, Jane}, year = {2020}, file = {:pdfs/gone.pdf:application/pdf}}\n`);
    const [linked, missing] = await bib.importFile(file);
    expect(linked).toMatchObject({ citation_key: "routing2024", kind: "pdf", existing: false });
    const paper = kit.library.get(linked!.doc_id);
    expect(paper.pages).toBeGreaterThan(0);
    expect(paper.title).toBe("Sparse routing transformers");
    expect(paper.title).not.toBe(PAPER_TITLE);
    expect(paper.authors).toEqual(["Mei Lin", "Jun Park"]);
    expect(missing).toMatchObject({ citation_key: "missing2020", kind: "metadata" });
    expect(missing!.warning).toMatch(/gone\.pdf/);
  });

  it("the user corrects a paper's metadata; the listing and the export follow", async () => {
    const { kit, bib } = open();
    const [r] = await bib.importFile(path.join(FIXTURES, "en.ris"));
    bib.correct(r!.doc_id, { title: "Neural methods for text classification, revisited", year: 2021, doi: "10.1000/fixed" });
    expect(kit.library.get(r!.doc_id)).toMatchObject({ title: "Neural methods for text classification, revisited", year: 2021 });
    expect(bib.exportBibtex([r!.doc_id])).toMatch(/doi = \{10\.1000\/fixed\}/i);
    expect(() => bib.correct(r!.doc_id, { title: " " })).toThrow(/title: cannot be empty/);
    // A refused correction is refused whole: the title given with a bad year or DOI is not kept either.
    expect(() => bib.correct(r!.doc_id, { title: "Changed", year: 99 })).toThrow(/year: 99 is not a year between 1000 and/);
    expect(() => bib.correct(r!.doc_id, { title: "Changed", doi: "doi:11.2/x" })).toThrow(/doi: "doi:11.2\/x" is not a DOI/);
    expect(kit.library.get(r!.doc_id)).toMatchObject({ title: "Neural methods for text classification, revisited", year: 2021 });
    expect(bib.metadataOf(r!.doc_id)).toMatchObject({ doi: "10.1000/fixed", source: "user" });
    expect(() => bib.correct("nope", { title: "x" })).toThrow(/No paper with doc_id nope/);
  });

  it("refuses a file that is not BibTeX or RIS and one without entries, leaving the library unchanged", async () => {
    const { kit, bib } = open();
    await expect(bib.importFile(kit.write("notes.txt", "hello"))).rejects.toThrow(/expected \.bib or \.ris/);
    await expect(bib.importFile(kit.write("empty.bib", "% nothing here\n"))).rejects.toThrow(/no BibTeX entry/);
    await expect(bib.importFile(path.join(kit.dir, "absent.bib"))).rejects.toThrow(/not found/);
    expect(kit.library.list()).toHaveLength(0);
    expect(fs.existsSync(kit.dir)).toBe(true);
  });
});
