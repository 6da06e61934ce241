import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { PaperIntent } from "../../shared/workflows/paper.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm, type ScriptedReply } from "../../electron/engine/testing/ScriptedLlm.js";
import { PAPER_TITLE, buildPaperPdf } from "./paperPdf.js";
import { importBytes, lastAnswer, paperEngine, untilSettled } from "./paperEngineKit.js";

const engines: Array<{ engine: Engine; dataDir: string }> = [];
afterEach(async () => {
  for (const { engine, dataDir } of engines.splice(0)) {
    await engine.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

const REPLIES: Record<string, ScriptedReply> = {
  "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
  "paper.translate_terms": { terms: [] },
  "paper.chat": "The encoder uses 12 attention layers [p.2].",
  "paper.critical": { points: [{ aspect: "baselines", point: "Only the dense baseline is compared on DocBench.", page: 3 }] },
  "paper.extract": { datasets: ["DocBench"], methods: ["SparseRoute"], metrics: ["accuracy"], results: [{ method: "SparseRoute", dataset: "DocBench", metric: "accuracy", value: "91.3%", page: 3 }] },
  "paper.translate": "稀疏路由。",
  "paper.extraction": { problem: "Long documents are costly to encode.", method: "Sparse routing over eight experts.", datasets: ["DocBench"], key_results: [{ result: "91.3% accuracy on DocBench", page: 3 }] },
  "paper.analysis": { strengths: [{ point: "Ablation of the number of experts.", page: 3 }], weaknesses: [{ point: "No multilingual study.", page: 3 }], novelty: "Two of eight experts per token." },
  "paper.synthesis": "SparseRoute reaches 91.3% accuracy on DocBench [p.3].",
  "paper.judge": (options) => ({ supported: true, evidence_chunk_id: String(/\((p[0-9a-f]+:\d+)\)/.exec(options.prompt)?.[1] ?? "x") }),
  "paper.questioner": { questions: ["Which baselines are used?", "What does Table 2 show?", "What are the limits?"] },
};

/** Asks one question of a paper with `pages` pages, the model's context being `contextTokens`. */
async function ask(pages: number, intent: PaperIntent, contextTokens = 4096) {
  const llm = new ScriptedLlm({ replies: REPLIES, contextTokens });
  const kit = await paperEngine(llm);
  engines.push(kit);
  const docId = await importBytes(kit.engine, kit.dataDir, "sparse.pdf", await buildPaperPdf(pages));
  const { sessionId } = await kit.engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "What does the encoder use?", forced_intent: intent, single_question: true } });
  const events = await untilSettled(kit.engine, sessionId);
  return { answer: lastAnswer(events), llm };
}

/** The page markers of a prompt, in order. */
const markers = (prompt: string) => [...prompt.matchAll(/\[p\.(\d+)\]/g)].map((m) => Number(m[1]));

describe("whole-paper mode (scripted LLM, real engine)", () => {
  it("chat's relevance gate reads a small paper whole; its prompt holds the paper's sentences on the question, each behind its page", async () => {
    const { answer, llm } = await ask(4, "chat");
    expect(answer.context_mode).toBe("whole_paper");
    expect(new Set(answer.evidence.map((e) => e.page))).toEqual(new Set([1, 2, 3, 4]));
    const prompt = llm.callsFor("paper", "chat")[0]!.prompt;
    // The gate picked the sentence that answers from page 2, wherever it is in the paper; the references are not read.
    expect(prompt).toMatch(/\[p\.2\] [^\n]*12 attention layers/);
    expect(prompt).not.toContain("Switch Transformers");
    expect(answer.citations.map((c) => c.page)).toEqual([2]);
  });

  it.each(["critical", "extract"] as const)("%s reads a small paper whole, every page in order behind its marker", async (intent) => {
    const { answer, llm } = await ask(4, intent);
    expect(answer.context_mode).toBe("whole_paper");
    const prompt = llm.callsFor("paper", intent)[0]!.prompt;
    expect(markers(prompt)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    const firsts = [1, 2, 3, 4].map((page) => prompt.indexOf(`[p.${page}]`));
    expect([...firsts].sort((a, b) => a - b)).toEqual(firsts);
    // Text from every page, not a top-k of them; the references are not read.
    for (const text of ["two of eight experts", "12 attention layers", "eight experts work best", "did not study multilingual"]) expect(prompt).toContain(text);
    expect(prompt).not.toContain("Switch Transformers");
  });

  it("translate reads the whole paper too, translates its first six paragraphs and says how many there are", async () => {
    const { answer, llm } = await ask(4, "translate");
    expect(answer.context_mode).toBe("whole_paper");
    const sources = llm.callsFor("paper", "translate").map((call) => call.prompt).join("\n");
    expect(sources).toContain("two of eight experts");
    expect(sources).not.toContain("did not study multilingual");
    const data = answer.data as { paragraphs: unknown[]; total_paragraphs: number };
    expect(data.paragraphs).toHaveLength(6);
    expect(data.total_paragraphs).toBeGreaterThan(6);
    expect(answer.answer).toMatch(new RegExp(`共 ${data.total_paragraphs} 段|of ${data.total_paragraphs} paragraphs`));
  });

  it("falls back to retrieval when the paper does not fit the model's context", async () => {
    const { answer, llm } = await ask(40, "chat");
    expect(answer.context_mode).toBe("retrieval");
    const prompt = llm.callsFor("paper", "chat")[0]!.prompt;
    expect(new Set(markers(prompt)).size).toBeLessThanOrEqual(6);
    expect(prompt).toContain("12 attention layers");
  });

  it("the same small paper is read by retrieval when the context leaves no room for it and the answer", async () => {
    const { answer } = await ask(4, "chat", 2048);
    expect(answer.context_mode).toBe("retrieval");
  });

  it("deep read keeps its bounded passages and says so", async () => {
    const { answer } = await ask(4, "deep_read");
    expect(answer.context_mode).toBe("retrieval");
  });
});
