import { afterEach, describe, expect, it } from "vitest";
import { markdownToDocx } from "../../electron/engine/export/markdownToDocx.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { HashEmbedder } from "../knowledge/HashEmbedder.js";
import { PAPER_TITLE, buildEmptyPdf, buildEncryptedPdf, buildPaperPdf, buildScannedPdf } from "./paperPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";
import { PaperLibrary } from "../../electron/engine/workflows/paper/library/PaperLibrary.js";
import { catalogReranker } from "../../electron/engine/knowledge/LlamaReranker.js";

let kit: PaperKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

function chunkWith(k: PaperKit, docId: string, needle: string) {
  const chunk = k.library.repo.chunks(docId).find((c) => c.text.includes(needle));
  if (!chunk) throw new Error(`no chunk contains "${needle}"`);
  return chunk;
}

describe("paper import (real PDF, SQLite, LanceDB)", () => {
  it("keeps the source page on every chunk, reads two columns in order, strips running lines and sets references apart", async () => {
    kit = paperKit();
    const bytes = await buildPaperPdf();
    const file = kit.write("sparse.pdf", bytes);
    const result = await kit.library.importFile(file);
    expect(result).toMatchObject({ title: PAPER_TITLE, pages: 4, existing: false });
    expect(result.doc_id).toMatch(/^p[0-9a-f]{12}$/);

    const id = result.doc_id;
    expect(chunkWith(kit, id, "12 attention layers").page).toBe(2);
    expect(chunkWith(kit, id, "compared with 89.1%").page).toBe(3);
    expect(chunkWith(kit, id, "eight experts work best").page).toBe(3);
    expect(chunkWith(kit, id, "did not study multilingual").page).toBe(4);
    // Two-column page 1: the whole left column (abstract) is read before the right column.
    const left = chunkWith(kit, id, "The left column ends here");
    const right = chunkWith(kit, id, "The right column starts");
    expect(left.page).toBe(1);
    expect(left.idx).toBeLessThan(right.idx);
    expect(left.section).toBe("Abstract");
    expect(right.section).toBe("Introduction");
    // Running header and page numbers are gone from every chunk and page.
    const all = kit.library.repo.chunks(id);
    expect(all.some((c) => c.text.includes("Preprint. Under review"))).toBe(false);
    expect(all.some((c) => /^\d+$/.test(c.text))).toBe(false);
    expect(kit.library.repo.pages(id).map((p) => p.page)).toEqual([1, 2, 3, 4]);

    const refs = kit.library.repo.references(id);
    expect(refs.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(refs[1]!.text).toContain("sparsely-gated mixture of experts");
    expect(chunkWith(kit, id, "sparsely-gated").kind).toBe("reference");

    const record = kit.library.get(id);
    expect(record.authors).toEqual(["Alice Chen", "Bob Martin", "Carla Diaz"]);
    expect(record.year).toBe(2023);
    expect(record.abstract).toMatch(/^We present SparseRoute/);

    // The same bytes again: the existing paper, nothing duplicated.
    const again = await kit.library.importFile(kit.write("copy.pdf", bytes));
    expect(again).toMatchObject({ doc_id: id, existing: true });
    expect(kit.library.list()).toHaveLength(1);
  });

  it("builds the structural index: sections with pages, tables and figures with numbers and captions, equations as text", async () => {
    kit = paperKit();
    const { doc_id } = await kit.library.importFile(kit.write("sparse.pdf", await buildPaperPdf()));
    const structure = kit.library.repo.structure(doc_id);
    const sections = structure.filter((s) => s.kind === "section").map((s) => [s.number, s.label, s.page]);
    expect(sections).toEqual([
      ["", "Abstract", 1],
      ["1", "Introduction", 1],
      ["2", "Method", 2],
      ["2.1", "Training Details", 2],
      ["3", "Experiments", 3],
      ["4", "Conclusion", 4],
      ["", "References", 4],
    ]);
    expect(kit.library.repo.structure(doc_id, "table")).toEqual([
      { kind: "table", number: "1", label: "Accuracy and compute on DocBench.", page: 3, endPage: 3 },
      { kind: "table", number: "2", label: "Ablation of the number of experts.", page: 3, endPage: 3 },
    ]);
    expect(kit.library.repo.structure(doc_id, "figure")).toEqual([{ kind: "figure", number: "1", label: "Routing entropy over training steps.", page: 3, endPage: 3 }]);
    const [equation] = kit.library.repo.structure(doc_id, "equation");
    expect(equation).toMatchObject({ number: "1", page: 2 });
    expect(equation!.label).toContain("L = -log p(y | x)");
  });

  it.each([
    ["encrypted.pdf", () => Promise.resolve(buildEncryptedPdf()), /encrypted\.pdf: the PDF is encrypted/],
    ["scan.pdf", buildScannedPdf, /scan\.pdf: the PDF has no text layer/],
    ["empty.pdf", buildEmptyPdf, /empty\.pdf: (the PDF has no pages|not a readable PDF)/],
    ["broken.pdf", () => Promise.resolve(new TextEncoder().encode("%PDF-1.7\n1 0 obj garbage")), /broken\.pdf: not a readable PDF/],
  ])("rejects %s with an error naming the file and leaves nothing behind", async (name, build, message) => {
    kit = paperKit();
    await expect(kit.library.importFile(kit.write(name, await build()))).rejects.toThrow(message);
    expect(kit.library.list()).toEqual([]);
    expect(kit.appDb.db.prepare("SELECT count(*) AS n FROM paper_chunks").get()).toEqual({ n: 0 });
  });

  it("removes the LanceDB rows when the SQLite write fails, and the SQLite rows when indexing fails", async () => {
    kit = paperKit();
    const file = kit.write("sparse.pdf", await buildPaperPdf());
    const repo = kit.library.repo;
    const insert = repo.insert.bind(repo);
    repo.insert = () => {
      throw new Error("disk I/O error");
    };
    await expect(kit.library.importFile(file)).rejects.toThrow("disk I/O error");
    repo.insert = insert;
    expect(kit.library.list()).toEqual([]);
    const { doc_id } = await kit.library.importFile(file);
    // Only the successful import's chunks are indexed: the failed attempt left no rows.
    const hits = await kit.library.retrieve("attention layers encoder", { docIds: [doc_id], limit: 50 });
    expect(new Set(hits.hits.map((h) => h.id)).size).toBe(hits.hits.length);
    expect(hits.hits.length).toBe(kit.library.repo.chunks(doc_id).filter((c) => c.kind !== "reference").length);

    // A second kit whose embedder returns vectors of the wrong size: indexing refuses them.
    await kit.close();
    const wrong = new HashEmbedder(64);
    let calls = 0;
    const embedder = {
      modelId: wrong.modelId,
      dimensions: 64,
      embed: async (texts: string[]) => (calls++ === 0 ? texts.map(() => new Float32Array(3)) : wrong.embed(texts)),
    };
    kit = paperKit({ embedder });
    await expect(kit.library.importFile(kit.write("sparse.pdf", await buildPaperPdf()))).rejects.toThrow(/dimensions/);
    expect(kit.library.list()).toEqual([]);
  });

  it("imports Markdown, text, HTML and DOCX papers with their headings as sections", async () => {
    kit = paperKit();
    const md = "# Graph Retrieval for Legal Texts\n\nDana Wu, Eli Park\n\n## Abstract\n\nWe index statutes as graphs. Published 2022.\n\n## 1 Method\n\nEach article is a node.\n\n## References\n\n[1] Someone. A legal corpus. 2020.\n";
    const a = await kit.library.importFile(kit.write("legal.md", md));
    expect(a).toMatchObject({ title: "Graph Retrieval for Legal Texts", pages: 1 });
    expect(kit.library.repo.structure(a.doc_id, "section").map((s) => s.label)).toEqual(["Abstract", "Method", "References"]);
    expect(kit.library.repo.references(a.doc_id)).toHaveLength(1);

    const html = "<html><body><h1>Tiny HTML Paper</h1><h2>Results</h2><p>Accuracy rose to 77%.</p></body></html>";
    const b = await kit.library.importFile(kit.write("tiny.html", html));
    expect(b.title).toBe("Tiny HTML Paper");
    expect(chunkWith(kit, b.doc_id, "77%").section).toBe("Results");

    const docx = await markdownToDocx("# A Word Paper\n\n## Findings\n\nThe survey covered 420 farms.\n", "A Word Paper");
    const c = await kit.library.importFile(kit.write("word.docx", docx));
    expect(c.title).toBe("A Word Paper");
    expect(chunkWith(kit, c.doc_id, "420 farms").section).toBe("Findings");

    const d = await kit.library.importFile(kit.write("notes.txt", "Plain Notes On Soil\n\nSoil carbon fell by 3 percent.\n"));
    expect(d.title).toBe("Plain Notes On Soil");
    await expect(kit.library.importFile(kit.write("image.png", "x"))).rejects.toThrow(/image\.png: unsupported paper format/);
    expect(kit.library.list("soil").map((p) => p.doc_id)).toEqual([d.doc_id]);
    await kit.library.delete(a.doc_id);
    expect(kit.library.list().map((p) => p.doc_id).sort()).toEqual([b.doc_id, c.doc_id, d.doc_id].sort());
    expect(kit.library.repo.chunks(a.doc_id)).toEqual([]);
  });
});

describe("paper retrieval", () => {
  it("finds English questions on the right page with the stemmed word index and stays inside the chosen papers", async () => {
    kit = paperKit();
    const { doc_id } = await kit.library.importFile(kit.write("sparse.pdf", await buildPaperPdf()));
    const other = await kit.library.importFile(kit.write("other.md", "# Other Paper\n\nThe encoder uses attention layers too, 6 of them.\n"));
    const one = await kit.library.retrieve("How many attention layer does the encoders use?", { docIds: [doc_id], limit: 5 });
    expect(one.hits[0]!.page).toBe(2);
    expect(one.hits.every((h) => h.doc_id === doc_id)).toBe(true);
    expect(one.hits.some((h) => h.kind === "reference")).toBe(false);
    const both = await kit.library.retrieve("encoder attention layers", { docIds: [doc_id, other.doc_id], limit: 10 });
    expect(new Set(both.hits.map((h) => h.doc_id))).toEqual(new Set([doc_id, other.doc_id]));
    const refs = await kit.library.retrieve("Switch Transformers", { docIds: [doc_id], limit: 3, references: true });
    expect(refs.hits[0]!.text).toContain("Switch Transformers");
  });

  it("applies an installed reranker to the fused candidates, and has none when the catalog's file is absent", async () => {
    kit = paperKit();
    const { doc_id } = await kit.library.importFile(kit.write("sparse.pdf", await buildPaperPdf()));
    const calls: number[] = [];
    // A reranker that prefers the conclusion: its order must win over RRF's.
    const reranker = { rank: async (_q: string, passages: string[]) => (calls.push(passages.length), passages.map((p) => (p.includes("multilingual") ? 10 : 0))) };
    const reranked = new PaperLibrary({ dataDir: kit.dir, db: kit.appDb.db, embedder: kit.embedder, reranker: async () => reranker });
    const { hits } = await reranked.retrieve("How many attention layers does the encoder use?", { docIds: [doc_id], limit: 3 });
    expect(hits[0]!.text).toContain("multilingual");
    expect(calls[0]).toBeGreaterThan(3);
    await reranked.close();
    expect(await catalogReranker(kit.dir, () => 1)()).toBeUndefined();
  });

  it("translates a Chinese question's key terms for an English paper once and keeps them in the paper's glossary", async () => {
    const llm = new ScriptedLlm({
      replies: {
        "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
        "paper.translate_terms": [
          { terms: [{ term: "学习率", translation: "learning rate" }, { term: "优化器", translation: "optimizer" }] },
          { terms: [{ term: "学习率", translation: "step size" }, { term: "幻觉", translation: "hallucination" }] },
        ],
      },
    });
    kit = paperKit({ llm });
    const { doc_id } = await kit.library.importFile(kit.write("sparse.pdf", await buildPaperPdf()));
    const first = await kit.library.retrieve("训练用的学习率和优化器是什么？", { docIds: [doc_id], limit: 3 });
    expect(first.words).toContain("learning rate");
    expect(first.hits[0]!.page).toBe(2);
    expect(first.hits[0]!.text).toContain("learning rate of 0.0003");
    // The second translation of 学习率 differs: the glossary keeps the first one.
    const second = await kit.library.retrieve("学习率会导致幻觉吗", { docIds: [doc_id], limit: 3 });
    expect(second.words).toContain("learning rate");
    expect(second.words).not.toContain("step size");
    expect(Object.fromEntries(kit.library.repo.glossary(doc_id))).toEqual({ 学习率: "learning rate", 优化器: "optimizer", 幻觉: "hallucination" });
    expect(llm.callsFor("paper", "translate_terms")).toHaveLength(2);
  });
});
