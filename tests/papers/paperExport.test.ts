import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../electron/cli/runCli.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { createServer, type ScriptoriumServer } from "../../electron/server/createServer.js";
import { readZipEntry } from "../integration/readZipEntry.js";
import { PAPER_TITLE, buildPaperPdf } from "./paperPdf.js";
import { importBytes, paperEngine, untilSettled } from "./paperEngineKit.js";

/**
 * A paper answer, a deep read and a literature review exported for real: page citations as Word
 * footnotes / numbered HTML notes naming the paper and page, the session's papers as the reference
 * list in GB/T 7714 or APA, built from the library's metadata — which the user corrects through
 * `paper meta set` and `paper.setMetadata`, bad input refused with the field named.
 */
const TOKEN = "paper-export-token-0123456789";
let engine: Engine;
let dataDir: string;
let server: ScriptoriumServer;
let docId: string;
let chatSession: string;

beforeAll(async () => {
  const llm = new ScriptedLlm({
    replies: {
      "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
      "paper.translate_terms": { terms: [] },
      "paper.router": { intent: "chat", reason: "问答" },
      "paper.chat": "The encoder uses 12 attention layers [p.2]. It reaches 91.3% on DocBench [p.3].",
      "paper.literature_review": "SparseRoute routes tokens to two of eight experts [p.1].",
      "paper.extraction": { problem: "Long documents are costly to encode.", method: "Sparse routing over eight experts.", datasets: ["DocBench"], key_results: [{ result: "91.3% accuracy on DocBench", page: 3 }] },
      "paper.analysis": { strengths: [{ point: "Ablation of the number of experts.", page: 3 }], weaknesses: [{ point: "No multilingual study.", page: 4 }], novelty: "Two of eight experts per token." },
      "paper.synthesis": "SparseRoute reaches 91.3% accuracy on DocBench [p.3].",
      "paper.judge": (options) => ({ supported: true, evidence_chunk_id: String(/\((p[0-9a-f]+:\d+)\)/.exec(options.prompt)?.[1] ?? "x") }),
      "paper.questioner": { questions: ["a?", "b?", "c?"] },
    },
  });
  ({ engine, dataDir } = await paperEngine(llm));
  server = await createServer({ api: engine, token: TOKEN, port: 0 });
  docId = await importBytes(engine, dataDir, "sparse.pdf", await buildPaperPdf());
  ({ sessionId: chatSession } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "How many attention layers?", single_question: true } }));
  expect((await untilSettled(engine, chatSession)).at(-1)!.type).toBe("done");
}, 120_000);

afterAll(async () => {
  await server?.close();
  await engine?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function rpc(method: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/rpc/${method}`, { method: "POST", headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}
async function cli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(
    argv,
    { stdout: { write: (c: string | Uint8Array) => (stdout += c.toString()) }, stderr: { write: (c: string | Uint8Array) => (stderr += c.toString()) } },
    async () => Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined }),
  );
  return { code, stdout, stderr };
}

describe("paper answers exported with footnoted page citations and a reference list", () => {
  it("DOCX over HTTP: each [p.N] is a Word footnote naming the paper and page; the paper is the GB/T 7714 reference", async () => {
    const { status, json } = await rpc("paper.export", { sessionId: chatSession, format: "docx" });
    expect(status, JSON.stringify(json)).toBe(200);
    const docx = Buffer.from(json.content, "base64");
    const body = readZipEntry(docx, "word/document.xml")!.toString("utf8");
    expect(body.match(/<w:footnoteReference /g)).toHaveLength(2);
    expect(body).not.toContain("[p.2]");
    const notes = readZipEntry(docx, "word/footnotes.xml")!.toString("utf8");
    expect(notes).toContain(`Alice Chen, ${PAPER_TITLE}, p. 2`);
    expect(notes).toContain(`Alice Chen, ${PAPER_TITLE}, p. 3`);
    expect(body).toContain(`[1] CHEN A. ${PAPER_TITLE}[J]. 2023.`);
  });

  it("HTML: numbered notes with the paper's title and page, and the reference list", async () => {
    const { json } = await rpc("paper.export", { sessionId: chatSession, format: "html", referenceStyle: "apa" });
    expect(json.content).toMatch(/<section[^>]*data-footnotes/);
    expect(json.content).toContain(`Alice Chen, ${PAPER_TITLE}, p. 3`);
    expect(json.content).toContain(`Chen, A. (2023). ${PAPER_TITLE}.`);
  });

  it("a corrected title, authors, year, venue and DOI show in the notes and the reference list; bad input names the problem and changes nothing", async () => {
    const before = await cli(["paper", "meta", "show", docId, "--json"]);
    expect(JSON.parse(before.stdout)).toMatchObject({ title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023, source: "extracted" });
    for (const [pair, message] of [
      ["year=3000", /year: 3000 is not a year between 1000 and \d{4}/],
      ["doi=not-a-doi", /doi: "not-a-doi" is not a DOI/],
      ["year=20x1", /year must be a whole number/],
      ["colour=red", /field one of title, authors, year, venue, doi/],
      ["title=", /title: cannot be empty/],
    ] as const) {
      const r = await cli(["paper", "meta", "set", docId, pair]);
      expect(r.code, pair).not.toBe(0);
      expect(r.stderr, pair).toMatch(message);
    }
    const unknown = await rpc("paper.setMetadata", { doc_id: "nope123", title: "X" });
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.json)).toContain("No paper with doc_id nope123");
    expect(JSON.parse((await cli(["paper", "meta", "show", docId, "--json"])).stdout)).toEqual(JSON.parse(before.stdout));

    const set = await cli(["paper", "meta", "set", docId, "title=Sparse Routing, Revisited", "authors=Mei Lin; Alan Turing", "year=2021", "venue=Journal of Document AI", "doi=https://doi.org/10.1234/jdai.2021.5"]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain("doi:     10.1234/jdai.2021.5");
    const md = await cli(["paper", "export", chatSession, "--format", "markdown"]);
    expect(md.stdout).toContain("\\[1\\] LIN M, TURING A. Sparse Routing, Revisited\\[J\\]. Journal of Document AI, 2021. DOI:10.1234/jdai.2021.5.");
    const html = await rpc("paper.export", { sessionId: chatSession, format: "html" });
    expect(html.json.content).toContain("Mei Lin, Alan Turing, Sparse Routing, Revisited, p. 2");
    expect((await cli(["paper", "list", "--json"])).stdout).toContain("Sparse Routing, Revisited");
  });

  it("a deep read from the CLI (--out .docx --style apa): the three stages, footnoted pages, the APA reference", async () => {
    const out = path.join(dataDir, "deep.docx");
    const r = await cli(["paper", "deep-read", docId, "--locale", "en", "--out", out, "--style", "apa"]);
    expect(r.code, r.stderr).toBe(0);
    const docx = fs.readFileSync(out);
    const body = readZipEntry(docx, "word/document.xml")!.toString("utf8");
    for (const heading of ["Extraction", "Analysis", "Synthesis"]) expect(body).toContain(heading);
    expect(body).toContain("<w:footnoteReference ");
    expect(readZipEntry(docx, "word/footnotes.xml")!.toString("utf8")).toContain("Sparse Routing, Revisited, p. 3");
    expect(body).toContain("Lin, M., &amp; Turing, A. (2021). Sparse Routing, Revisited. Journal of Document AI.");
    expect(body).toContain("https://doi.org/10.1234/jdai.2021.5");
    // The heading is the paper, the question follows.
    expect(body.indexOf("Sparse Routing, Revisited")).toBeLessThan(body.indexOf("Question"));
  });

  it("a literature review of two papers lists both, numbered in order, in Chinese layout when asked", async () => {
    const second = await importBytes(engine, dataDir, "notes.md", "# 稀疏专家模型综述\n\n稀疏专家模型把每个词元路由到少数专家。\n");
    await engine.call("paper.setMetadata", { doc_id: second, title: "稀疏专家模型综述", authors: ["王小明", "李华", "张三", "赵四"], year: 2022, venue: "计算机学报" });
    const out = path.join(dataDir, "review.md");
    const r = await cli(["paper", "ask", docId, second, "Review these papers", "--intent", "literature_review", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const sessionId = (await engine.call("sessions.list", { workflow: "paper" })).sessions[0]!.id;
    const zh = await cli(["paper", "export", sessionId, "--format", "markdown", "--locale", "zh"]);
    const list = zh.stdout.slice(zh.stdout.indexOf("## References"));
    expect(list).toMatch(/\\\[1\\\] LIN M, TURING A\. Sparse Routing, Revisited\\\[J\\\]\. Journal of Document AI, 2021/);
    expect(list).toContain("\\[2\\] 王小明, 李华, 张三, 等. 稀疏专家模型综述\\[J\\]. 计算机学报, 2022.");
    expect(fs.readFileSync(out, "utf8")).toContain("\\[2\\] 王小明, 李华, 张三, 等.");
  });

  it("bad requests: an unknown session, a docx to stdout, an unknown format", async () => {
    expect((await rpc("paper.export", { sessionId: "nope", format: "markdown" })).status).toBe(404);
    expect((await cli(["paper", "export", chatSession, "--format", "docx"])).stderr).toMatch(/docx is binary/);
    expect((await cli(["paper", "export", chatSession, "--format", "odt"])).stderr).toMatch(/--format must be markdown, html, docx or pdf/);
  });
});
