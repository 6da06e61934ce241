import { Document, Packer, PageBreak, Paragraph, TextRun, HeadingLevel } from "docx";
import { afterEach, describe, expect, it } from "vitest";
import { PAGE_WEIGHT, markHtmlPageBreaks, paginateLines } from "../../electron/engine/workflows/paper/library/paperPages.js";
import { linesFromMarkdown } from "../../electron/engine/workflows/paper/library/parsePaper.js";
import { structuralEvidence, structuralQuestion } from "../../electron/engine/workflows/paper/library/structureQuery.js";
import fs from "node:fs";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { importBytes, lastAnswer, paperEngine, untilSettled } from "./paperEngineKit.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

let kit: PaperKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

function pageOf(k: PaperKit, docId: string, needle: string): number {
  const chunk = k.library.repo.chunks(docId).find((c) => c.text.includes(needle));
  if (!chunk) throw new Error(`no chunk contains "${needle}"`);
  return chunk.page;
}

/** A paragraph of about `chars` characters that names `marker` once. */
function paragraph(marker: string, chars = 700): string {
  const filler = "The survey measured soil carbon across many farms and compared the seasons carefully. ";
  return `${marker} ${filler.repeat(Math.ceil(chars / filler.length))}`.slice(0, chars).trim() + ".";
}

describe("pages of papers without page geometry (real SQLite, LanceDB)", () => {
  it("a text file's form feeds are its pages: chunks, the reader's pages and the page count follow them", async () => {
    kit = paperKit();
    const text = "Soil Carbon Notes\n\nIntro on page one: carbon matters.\f\nPage two says carbon fell by 3 percent.\n\nStill page two.\f\fPage three ends the notes.\n";
    const { doc_id, pages } = await kit.library.importFile(kit.write("notes.txt", text));
    expect(pages).toBe(3); // the double form feed opens no empty page
    expect(pageOf(kit, doc_id, "carbon matters")).toBe(1);
    expect(pageOf(kit, doc_id, "fell by 3 percent")).toBe(2);
    expect(pageOf(kit, doc_id, "Still page two")).toBe(2);
    expect(pageOf(kit, doc_id, "Page three ends")).toBe(3);
    expect(kit.library.repo.pages(doc_id).map((p) => p.page)).toEqual([1, 2, 3]);
    expect(kit.library.repo.pages(doc_id)[1]!.text).toContain("fell by 3 percent");
  });

  it("a DOCX page break (w:br type=page, via mammoth) starts a new page", async () => {
    kit = paperKit();
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: "A Word Paper On Farms", heading: HeadingLevel.HEADING_1 }),
            new Paragraph({ children: [new TextRun("The first page describes 420 farms.")] }),
            new Paragraph({ children: [new PageBreak()] }),
            new Paragraph({ text: "Results", heading: HeadingLevel.HEADING_2 }),
            new Paragraph({ children: [new TextRun("Yields rose by 12 percent."), new PageBreak(), new TextRun("The third page lists the limitations.")] }),
          ],
        },
      ],
    });
    const { doc_id, pages } = await kit.library.importFile(kit.write("farms.docx", await Packer.toBuffer(doc)));
    expect(pages).toBe(3);
    expect(pageOf(kit, doc_id, "420 farms")).toBe(1);
    expect(pageOf(kit, doc_id, "rose by 12 percent")).toBe(2);
    expect(pageOf(kit, doc_id, "lists the limitations")).toBe(3);
    const results = kit.library.repo.structure(doc_id, "section").find((s) => s.label === "Results");
    expect(results?.page).toBe(2);
  });

  it("HTML page-break styles (before and after) make pages", async () => {
    kit = paperKit();
    const html =
      "<html><body><h1>Tiny HTML Paper</h1><p>Opening page text.</p>" +
      '<p style="page-break-before: always">Second page, accuracy 77%.</p>' +
      '<div style="break-after: page">Still the second page.</div><p>Third page text.</p></body></html>';
    const { doc_id, pages } = await kit.library.importFile(kit.write("tiny.html", html));
    expect(pages).toBe(3);
    expect(pageOf(kit, doc_id, "Opening page")).toBe(1);
    expect(pageOf(kit, doc_id, "accuracy 77%")).toBe(2);
    expect(pageOf(kit, doc_id, "Still the second")).toBe(2);
    expect(pageOf(kit, doc_id, "Third page text")).toBe(3);
    expect(markHtmlPageBreaks("<p>no breaks</p>")).toBe("<p>no breaks</p>");
  });

  it("a long Markdown paper without breaks gets stable fixed-size pages cut between paragraphs; retrieval and page questions use them", async () => {
    kit = paperKit();
    const markers = Array.from({ length: 14 }, (_, i) => `Marker${i + 1}`);
    const md = `# Long Markdown Paper\n\n${markers.map((m) => paragraph(m)).join("\n\n")}\n\n## Conclusion\n\nThe study K9 found that deep tillage lowers carbon by 7 percent.\n`;
    const { doc_id, pages } = await kit.library.importFile(kit.write("long.md", md));
    // 14 × 700 characters + the rest ≈ 10 000 → 4 pages of ≤ 3000 (a paragraph is never split).
    expect(pages).toBe(4);
    const chunks = kit.library.repo.chunks(doc_id);
    const seen = markers.map((m) => pageOf(kit!, doc_id, m));
    expect(seen).toEqual([...seen].sort((a, b) => a - b)); // in reading order
    expect(seen[0]).toBe(1);
    for (const page of [1, 2, 3]) {
      const text = chunks.filter((c) => c.page === page).map((c) => c.text).join("");
      expect(text.length).toBeLessThanOrEqual(PAGE_WEIGHT);
      expect(text.length).toBeGreaterThan(PAGE_WEIGHT - 800);
    }
    // Stable: the same text paginates the same way.
    expect(paginateLines(linesFromMarkdown(md)).map((l) => l.page)).toEqual(paginateLines(linesFromMarkdown(md)).map((l) => l.page));
    const { hits } = await kit.library.retrieve("What did study K9 find about deep tillage?", { docIds: [doc_id], limit: 3 });
    expect(hits[0]!.page).toBe(4);
    // "第 2 页讲了什么" is answered from page 2's chunks; a page past the end is refused with the count.
    const page2 = structuralEvidence(kit.library.repo, doc_id, structuralQuestion("第 2 页讲了什么")!, "zh");
    expect(page2.chunks.length).toBeGreaterThan(0);
    expect(page2.chunks.every((c) => c.page === 2)).toBe(true);
    expect(page2.chunks.some((c) => seen.some((p, i) => p === 2 && c.text.includes(markers[i]!)))).toBe(true);
    expect(structuralEvidence(kit.library.repo, doc_id, structuralQuestion("第 9 页讲了什么")!, "zh").answer).toContain("只有 4 页");
    expect(kit.library.repo.pages(doc_id).map((p) => p.page)).toEqual([1, 2, 3, 4]);
  });

  it("Chinese characters weigh double: a page holds about 1 500 of them", () => {
    const zh = Array.from({ length: 4 }, (_, i) => `第${i + 1}段：${"土壤碳含量随季节变化。".repeat(80)}`).join("\n\n");
    const pages = paginateLines(linesFromMarkdown(zh)).map((l) => l.page);
    // 4 paragraphs of ~885 characters (weight ~1 770 each): one per page.
    expect(pages).toEqual([1, 2, 3, 4]);
  });
  it("a [p.N] citation in an answer about a text paper names a chunk of that form-feed page; a page the passages lack is removed", async () => {
    const llm = new ScriptedLlm({
      replies: {
        "paper.metadata": { title: "Soil Carbon Notes", authors: [], year: null },
        "paper.chat": "Soil carbon fell by 3 percent [p.2]. The farms were in Kenya [p.9].",
        "paper.questioner": { questions: ["Which farms?", "Which years?", "Which method?"] },
      },
    });
    const { engine, dataDir } = await paperEngine(llm);
    try {
      const text = "Soil Carbon Notes\n\nIntro on page one: carbon matters.\f\nPage two says soil carbon fell by 3 percent.\f\nPage three ends the notes.\n";
      const docId = await importBytes(engine, dataDir, "notes.txt", text);
      const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "How much did soil carbon fall?", forced_intent: "chat", single_question: true, locale: "en" } });
      const answer = lastAnswer(await untilSettled(engine, sessionId));
      const page2 = (await engine.call("paper.get", { doc_id: docId })).pages.find((p) => p.page === 2)!;
      expect(page2.text).toContain("fell by 3 percent");
      expect(answer.citations.map((c) => c.page)).toEqual([2]);
      expect(answer.evidence.find((e) => e.chunk_id === answer.citations[0]!.chunk_id)!.text).toContain("fell by 3 percent");
      expect(answer.answer).toContain("[p.2]");
      expect(answer.answer).not.toContain("[p.9]");
    } finally {
      await engine.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
