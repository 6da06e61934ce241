import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { importBytes, lastAnswer, paperEngine, untilSettled } from "./paperEngineKit.js";
import { structuralEvidence, structuralQuestion } from "../../electron/engine/workflows/paper/library/structureQuery.js";
import { TABLE2_CAPTION, TABLE2_HEADER, TABLE2_ROWS, buildTablePaperPdf } from "./tablePaperPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

let kit: PaperKit | undefined;
const engines: Array<{ engine: Engine; dataDir: string }> = [];
afterEach(async () => {
  await kit?.close();
  kit = undefined;
  for (const { engine, dataDir } of engines.splice(0)) {
    await engine.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

const headerRow = `| ${TABLE2_HEADER.join(" | ")} |`;

describe("tables and equations kept whole (real PDF, SQLite, LanceDB)", () => {
  it("keeps a multi-page table as Markdown pieces that each carry the caption and header row, linked from the index", async () => {
    kit = paperKit();
    const { doc_id } = await kit.library.importFile(kit.write("tables.pdf", await buildTablePaperPdf()));
    const chunks = kit.library.repo.chunks(doc_id);
    const tables = chunks.filter((c) => c.kind === "table");
    // One piece per page the table spans: rows 1–10 on page 2, rows 11–16 on page 3.
    expect(tables.map((c) => c.page)).toEqual([2, 3]);
    for (const table of tables) {
      expect(table.text).toContain(headerRow);
      expect(table.text.startsWith(TABLE2_CAPTION)).toBe(true);
    }
    // Every row is in a table chunk, whole and in its columns, and in no prose chunk.
    for (const row of TABLE2_ROWS) {
      const line = `| ${row.join(" | ")} |`;
      expect(tables.filter((c) => c.text.includes(line))).toHaveLength(1);
      expect(chunks.some((c) => c.kind === "body" && c.text.includes(`${row[0]} ${row[1]} ${row[2]}`))).toBe(false);
    }
    expect(tables[1]!.text).toContain("| R16 | 17 | 90.5 | 76 |");
    // The prose after the table is its own chunk again.
    expect(chunks.find((c) => c.text.includes("The last configurations are the slowest"))?.kind).toBe("body");

    const [table2] = kit.library.repo.structure(doc_id, "table");
    expect(table2).toMatchObject({ number: "2", page: 2, endPage: 3, chunkId: tables[0]!.id });
    const evidence = structuralEvidence(kit.library.repo, doc_id, structuralQuestion("What does Table 2 show?")!, "en");
    expect(evidence.chunks.slice(0, 2).map((c) => c.id)).toEqual(tables.map((c) => c.id));
    expect(structuralEvidence(kit.library.repo, doc_id, structuralQuestion("表 2 的结论是什么")!, "zh").chunks[0]!.id).toBe(tables[0]!.id);

    // A question about a cell value is answered from the table chunk.
    const { hits } = await kit.library.retrieve("What is the latency of configuration R13?", { docIds: [doc_id], limit: 5 });
    expect(hits[0]!.id).toBe(tables[1]!.id);
    expect(hits[0]!.text).toContain("| R13 | 14 | 88.4 | 67 |");
    const accuracy = await kit.library.retrieve("Which accuracy does R4 reach?", { docIds: [doc_id], limit: 5 });
    expect(accuracy.hits[0]!.id).toBe(tables[0]!.id);
  });

  it("keeps numbered equations whole with their number, never merged into the neighbouring prose", async () => {
    kit = paperKit();
    const { doc_id } = await kit.library.importFile(kit.write("tables.pdf", await buildTablePaperPdf()));
    const chunks = kit.library.repo.chunks(doc_id);
    const equations = chunks.filter((c) => c.kind === "equation");
    expect(equations.map((c) => c.text)).toEqual(["s = softmax(W h + b) (1)", "L = CE(y, p) + 0.1 × balance (2)"]);
    for (const c of chunks.filter((chunk) => chunk.kind !== "equation")) expect(c.text).not.toMatch(/softmax\(W h|CE\(y, p\)/);
    const indexed = kit.library.repo.structure(doc_id, "equation");
    expect(indexed.map((item) => [item.number, item.chunkId])).toEqual([["1", equations[0]!.id], ["2", equations[1]!.id]]);
    expect(structuralEvidence(kit.library.repo, doc_id, structuralQuestion("Explain equation 2")!, "en").chunks[0]!.id).toBe(equations[1]!.id);
  });

  it("answers a question about a cell from the table chunk, quoting the row (retrieval mode, real engine)", async () => {
    // 2048 tokens: the paper does not fit beside prompt and answer, so the question goes through retrieval.
    const llm = new ScriptedLlm({
      contextTokens: 2048,
      replies: {
        "paper.metadata": { title: "Routing Tables for Sparse Experts", authors: ["Dana Fox"], year: 2024 },
        "paper.translate_terms": { terms: [] },
        "paper.chat": 'Configuration R13 has a latency of 67 ms [p.3 "R13 14 88.4 67"].',
        // "Configuration … 67 ms" against a row under "Config | … | Latency" is in the claim checker's grey zone: the judge, asked once, agrees.
        "paper.judge": (options) => ({ supported: true, evidence_chunk_id: String(/\((p[0-9a-f]+:\d+)\)/.exec(options.prompt)?.[1] ?? "x") }),
        "paper.questioner": { questions: ["a?", "b?", "c?"] },
      },
    });
    const app = await paperEngine(llm);
    engines.push(app);
    const docId = await importBytes(app.engine, app.dataDir, "tables.pdf", await buildTablePaperPdf());
    const { sessionId } = await app.engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "What is the latency of configuration R13?", forced_intent: "chat", single_question: true } });
    const answer = lastAnswer(await untilSettled(app.engine, sessionId));
    expect(answer.context_mode).toBe("retrieval");
    expect(answer.evidence[0]!.text).toContain("| R13 | 14 | 88.4 | 67 |");
    expect(answer.evidence[0]!.text).toContain(headerRow);
    expect(answer.citations).toEqual([expect.objectContaining({ page: 3, chunk_id: answer.evidence[0]!.chunk_id, quote: "R13 14 88.4 67" })]);
    expect(answer.unsupported_sentences ?? []).toEqual([]);
    expect(answer.answer).toContain("Configuration R13 has a latency of 67 ms");
    expect(llm.callsFor("paper", "judge")).toHaveLength(1);
  });
});
