import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../electron/cli/runCli.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { CLAIMS_FILE, loadClaimSet } from "./claimSet.js";
import { PAPER_TITLE, buildEncryptedPdf, buildPaperPdf } from "./paperPdf.js";
import { paperEngine } from "./paperEngineKit.js";

let engine: Engine;
let dataDir: string;
// A 2048-token context: the 4-page paper does not fit beside prompt and answer, so questions go
// through retrieval (whole-paper mode is tested in wholePaper.test.ts).
const llm = new ScriptedLlm({
  contextTokens: 2048,
  replies: {
    "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
    "paper.router": { intent: "chat", reason: "问答" },
    "paper.chat": "The encoder uses 12 attention layers [p.2].",
    "paper.critical": { points: [{ aspect: "baselines", point: "Only one dense baseline.", page: 3 }] },
    "paper.extraction": { problem: "Costly long documents.", method: "Sparse routing.", datasets: ["DocBench"], key_results: [{ result: "91.3% on DocBench", page: 3 }] },
    "paper.analysis": { strengths: [{ point: "Ablation.", page: 3 }], weaknesses: [], novelty: "Two of eight experts." },
    "paper.synthesis": ["SparseRoute reaches 97.0% accuracy on DocBench [p.3].", "SparseRoute reaches 91.3% accuracy on DocBench [p.3]."],
    "paper.questioner": { questions: ["Which baselines?", "What does Table 2 show?", "Limits?"] },
  },
});

/** Runs the CLI in-process on the shared engine; returns exit code and output. */
async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(argv, { stdout: { write: (c) => (out += String(c)) }, stderr: { write: (c) => (err += String(c)) } }, async () =>
    Object.assign(Object.create(engine) as Engine, { dispose: async () => undefined }),
  );
  return { code, out, err };
}

beforeAll(async () => {
  ({ engine, dataDir } = await paperEngine(llm));
});
afterAll(async () => {
  await engine.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("paper CLI", () => {
  let docId = "";
  it("imports with --json → {doc_id, title, pages} and names a rejected file", async () => {
    const pdf = path.join(dataDir, "sparse.pdf");
    fs.writeFileSync(pdf, await buildPaperPdf());
    const ok = await cli("paper", "import", pdf, "--json");
    expect(ok.code).toBe(0);
    const paper = JSON.parse(ok.out) as { doc_id: string; title: string; pages: number };
    expect(Object.keys(paper)).toEqual(["doc_id", "title", "pages"]);
    expect(paper).toMatchObject({ title: PAPER_TITLE, pages: 4 });
    docId = paper.doc_id;

    const locked = path.join(dataDir, "locked.pdf");
    fs.writeFileSync(locked, buildEncryptedPdf());
    const bad = await cli("paper", "import", locked);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("locked.pdf: the PDF is encrypted");
    const list = await cli("paper", "list");
    expect(list.out).toContain(docId);
    expect(list.out.trim().split("\n")).toHaveLength(1);
  });

  it("asks with --json → {intent, answer, citations, evidence, follow_ups}, forced by --intent", async () => {
    const routed = await cli("paper", "ask", docId, "How many attention layers does the encoder use?", "--json");
    expect(routed.code).toBe(0);
    const answer = JSON.parse(routed.out) as Record<string, unknown>;
    expect(Object.keys(answer)).toEqual(["intent", "answer", "citations", "evidence", "follow_ups"]);
    expect(answer).toMatchObject({ intent: "chat", citations: [{ page: 2 }], follow_ups: ["Which baselines?", "What does Table 2 show?", "Limits?"] });
    const evidence = answer.evidence as Array<{ page: number; chunk_id: string; score: number; text: string }>;
    expect(Object.keys(evidence[0]!)).toEqual(["page", "chunk_id", "score", "text", "found_by"]);
    expect(evidence.map((e) => e.chunk_id)).toContain((answer.citations as Array<{ chunk_id: string }>)[0]!.chunk_id);

    const routerCalls = llm.callsFor("paper", "router").length;
    const forced = await cli("paper", "ask", docId, "Weak points?", "--intent", "critical", "--selected", "the dense baseline", "--json");
    expect(JSON.parse(forced.out)).toMatchObject({ intent: "critical" });
    expect(llm.callsFor("paper", "router")).toHaveLength(routerCalls);
    expect((await cli("paper", "ask", docId, "x", "--intent", "poem")).code).toBe(2);
  });

  it("deep-reads with --json: three stages and every claim's verdict", async () => {
    const { code, out } = await cli("paper", "deep-read", docId, "--json");
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      title: string;
      stages: Record<string, string>;
      claims: Array<{ label: string; evidence: { page: number } | null }>;
      halluc_iteration: number;
    };
    expect(result.title).toBe(PAPER_TITLE);
    expect(Object.keys(result.stages)).toEqual(["extraction", "analysis", "synthesis"]);
    expect(result.halluc_iteration).toBe(1);
    expect(result.claims).toEqual([{ id: "c1", claim: "SparseRoute reaches 91.3% accuracy on DocBench.", label: "supported", evidence: { page: 3, chunk_id: expect.any(String) } }]);
  });

  it("checks claims from a JSONL file: one {id, label, evidence:{page, chunk_id}} line per claim", async () => {
    const { code, out } = await cli("paper", "check-claims", docId, "--claims", CLAIMS_FILE, "--judge", "none", "--json");
    expect(code).toBe(0);
    const lines = out.trim().split("\n").map((l) => JSON.parse(l) as { id: string; label: string; evidence: { page: number; chunk_id: string } });
    const set = loadClaimSet();
    expect(lines.map((l) => l.id)).toEqual(set.map((c) => c.id));
    expect(Object.keys(lines[0]!)).toEqual(["id", "label", "evidence"]);
    expect(lines.find((l) => l.id === "s5")).toMatchObject({ label: "supported", evidence: { page: 2 } });
    expect(lines.find((l) => l.id === "n2")!.label).toBe("unsupported");
    const broken = path.join(dataDir, "broken.jsonl");
    fs.writeFileSync(broken, '{"id":"a","claim":"ok"}\nnot json\n');
    const bad = await cli("paper", "check-claims", docId, "--claims", broken);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("broken.jsonl:2");
  });
});
