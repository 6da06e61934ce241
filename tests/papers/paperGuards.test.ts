import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../shared/events.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm, type ScriptedReply } from "../../electron/engine/testing/ScriptedLlm.js";
import { chatExample, EXTRACT_EXAMPLE } from "../../electron/engine/workflows/paper/prompts.js";
import { PAPER_TITLE, buildPaperPdf } from "./paperPdf.js";
import { importBytes, lastAnswer, paperEngine, untilSettled } from "./paperEngineKit.js";

/**
 * The paper reader's guards on model output, each branch through the real engine with a scripted
 * model: a looping reply is cut and retried, a retry that loops abstains, an answer whose citations
 * all fail the quote gate abstains with the closest passages, and echoes of a prompt's example are
 * dropped — each said in the step's summary.
 */
const engines: Array<{ engine: Engine; dataDir: string }> = [];
afterEach(async () => {
  for (const { engine, dataDir } of engines.splice(0)) {
    await engine.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

const LOOP = "The encoder is a new kind of network that nobody has tried before.\n\n".repeat(40);

async function ask(intent: string, replies: Record<string, ScriptedReply | readonly ScriptedReply[]>, question = "What does the encoder use?") {
  const llm = new ScriptedLlm({ replies: { "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 }, "paper.router": { intent, reason: "test" }, "paper.questioner": { questions: ["a?", "b?", "c?"] }, ...replies } });
  const kit = await paperEngine(llm);
  engines.push(kit);
  const docId = await importBytes(kit.engine, kit.dataDir, "sparse.pdf", await buildPaperPdf());
  const { sessionId } = await kit.engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: question, single_question: true } });
  const events = await untilSettled(kit.engine, sessionId);
  return { llm, events, answer: lastAnswer(events) };
}

const stepDone = (events: EngineEvent[], step: string) => events.find((e) => e.type === "step_done" && e.step === step) as Extract<EngineEvent, { type: "step_done" }> | undefined;

describe("paper reader guards (scripted model, real engine)", () => {
  it("cuts a looping answer, retries once with avoidRepeats, and shows the retry with its checked citation", async () => {
    const { llm, events, answer } = await ask("chat", { "paper.chat": [LOOP, "The encoder uses 12 attention layers [p.2]."] });
    expect(llm.callsFor("paper", "chat").map((c) => (c.options as { avoidRepeats?: boolean }).avoidRepeats)).toEqual([undefined, true]);
    expect(answer.answer).toContain("12 attention layers [p.2]");
    expect(answer.answer).not.toContain("nobody has tried");
    expect(answer.citations.map((c) => c.page)).toEqual([2]);
    expect(stepDone(events, "chat")?.summaryText).toEqual({ key: "answeredAfterLoop", params: { c: 1 } });
  });

  it("abstains with the closest passages when the retry loops too: no repeated paragraph is shown", async () => {
    const { answer, events } = await ask("chat", { "paper.chat": [LOOP, LOOP] });
    expect(answer.answer).toContain("The model gave no usable answer");
    expect(answer.answer).not.toContain("nobody has tried");
    expect(answer.answer).toMatch(/p\. \d+: “/);
    expect(answer.citations).toEqual([]);
    expect(stepDone(events, "chat")?.summaryText?.key).toBe("loopUnusable");
  });

  it("abstains in the answer's language with pages when no citation passes the quote gate, instead of an uncited paragraph", async () => {
    const invented = "该编码器使用了一种全新的量子注意力机制 [p.2 “quantum attention with 900 heads”]，在所有任务上都取得了最好成绩。";
    const { answer, events } = await ask("chat", { "paper.chat": invented }, "编码器用了什么？");
    expect(answer.answer).toContain("论文中没有找到直接依据");
    expect(answer.answer).toMatch(/第 \d+ 页：「/);
    expect(answer.answer).not.toContain("量子注意力");
    expect(answer.citations).toEqual([]);
    expect(stepDone(events, "chat")?.summaryText?.key).toBe("noEvidence");
  });

  it("abstains without a model call when no sentence of the paper holds the question's words (the relevance gate)", async () => {
    const { llm, answer, events } = await ask("chat", { "paper.chat": "The funding came from Acme [p.2]." }, "Which company manufactured the chips for the encoder?");
    expect(llm.callsFor("paper", "chat")).toHaveLength(0);
    expect(answer.answer).toContain("not stated in the paper");
    expect(answer.answer).toMatch(/p\. \d+: “/);
    expect(answer.citations).toEqual([]);
    expect(stepDone(events, "chat")?.summaryText?.key).toBe("notRelevant");
  });

  it("quotes the paper's best sentence with its page when the reply cites nothing checkable; the chat prompt holds the gate's sentences", async () => {
    const { llm, answer, events } = await ask("chat", { "paper.chat": "It uses a lot of layers, I think." }, "How many attention layers does the encoder use?");
    const prompt = llm.callsFor("paper", "chat")[0]!.prompt;
    expect(prompt).toMatch(/\[p\.2\] [^\n]*12 attention layers/);
    expect(answer.answer).toMatch(/\n\nThe paper states: “[^”]*12 attention layers[^”]*” \[p\.2\]$/);
    expect(answer.answer).not.toContain("I think");
    expect(answer.citations).toHaveLength(1);
    const [citation] = answer.citations;
    expect(answer.evidence.some((e) => e.chunk_id === citation!.chunk_id && e.page === 2 && e.text.replace(/\s+/g, " ").includes(citation!.quote!))).toBe(true);
    expect(stepDone(events, "chat")?.summaryText).toEqual({ key: "answeredByQuote", params: { c: 1 } });
  });

  it("never shows a reply that repeats the chat prompt's example", async () => {
    const { answer, events } = await ask("chat", { "paper.chat": chatExample("en") }, "How many attention layers does the encoder use?");
    expect(answer.answer).not.toContain("routes each token");
    expect(answer.citations.map((c) => c.page)).toEqual([2]);
    expect(stepDone(events, "chat")?.summaryText?.key).toBe("answeredByQuote");
  });

  // SmolLM2 135M's reply to a Chinese question of the eval (qa item 6), garbage the chat once streamed before its checked answer.
  const SMOLLM2_GARBAGE = "这是一个隐良的问题，可以用你自己猴绣记下来。在论文上有一种技末将土壤传感网络作为节点的选择，可以用一个锭夫献出“2.1”。佛否是这样！";
  const tokensOf = (events: EngineEvent[]) => events.flatMap((e) => (e.type === "token" ? [e.text] : [])).join("");

  it("never shows the model's garbage beside a quote that passed the gate: the paper's sentence is quoted instead", async () => {
    const reply = `${SMOLLM2_GARBAGE} The encoder uses 12 attention layers [p.2 “12 attention layers”].`;
    const { answer, events } = await ask("chat", { "paper.chat": reply }, "How many attention layers does the encoder use?");
    expect(answer.answer).not.toMatch(/[\u3400-\u9fff]/);
    expect(answer.answer).toMatch(/The paper states: “[^”]*12 attention layers[^”]*” \[p\.2\]$/);
    expect(answer.citations.map((c) => c.page)).toEqual([2]);
    expect(stepDone(events, "chat")?.summaryText).toEqual({ key: "answeredByQuoteProse", params: { c: 1, reason: "language" } });
    // Nothing of the reply was streamed: the screen and the CLI get the checked answer only.
    expect(tokensOf(events)).not.toContain("隐良");
    expect(answer.answer).toContain(tokensOf(events));
  });

  it("never shows words from nowhere beside a verified quote, in the question's own language", async () => {
    const reply = "Sure, you can remember it with your own monkey embroidery. The encoder uses 12 attention layers [p.2].";
    const { answer, events } = await ask("chat", { "paper.chat": reply }, "How many attention layers does the encoder use?");
    expect(answer.answer).not.toContain("monkey");
    expect(answer.citations.map((c) => c.page)).toEqual([2]);
    expect(stepDone(events, "chat")?.summaryText).toMatchObject({ key: "answeredByQuoteProse", params: { reason: "ungrounded" } });
  });

  it("shows a reply whose every sentence passes the guard as written, and streams only that checked answer", async () => {
    const { answer, events } = await ask("chat", { "paper.chat": "The encoder uses 12 attention layers [p.2]." }, "How many attention layers does the encoder use?");
    expect(answer.answer).toContain("The encoder uses 12 attention layers [p.2].");
    expect(stepDone(events, "chat")?.summaryText).toEqual({ key: "answered", params: { c: 1 } });
    expect(tokensOf(events)).toBe("The encoder uses 12 attention layers [p.2].");
  });

  it("shows only the reply's sentences the claim checker supports, every number in the paper; the others are listed, labelled, and counted", async () => {
    const reply = "The encoder uses 12 attention layers [p.2]. The encoder uses 16 attention layers with a hidden size of 512 [p.2 “12 attention layers”]. Training takes about two days [p.2].";
    const { answer, events } = await ask("chat", { "paper.chat": reply }, "How many attention layers does the encoder use?");
    expect(answer.answer).toContain("The encoder uses 12 attention layers [p.2]. Training takes about two days [p.2].");
    expect(answer.answer).not.toMatch(/16|512|not found in the paper/);
    expect(answer.unsupported_sentences).toEqual(["The encoder uses 16 attention layers with a hidden size of 512."]);
    expect(answer.claims!.map((c) => c.label)).toEqual(["supported", "unsupported", "supported"]);
    expect(stepDone(events, "chat")?.summaryText).toEqual({ key: "answered", params: { c: 2 }, notes: [{ key: "unsupportedDropped", params: { n: 1 } }] });
    expect(stepDone(events, "chat")?.summary).toMatch(/1 of the reply's sentences not supported/);
    // Only the checked answer is streamed: the left-out sentence never reaches the screen or the CLI.
    expect(tokensOf(events)).toBe("The encoder uses 12 attention layers [p.2]. Training takes about two days [p.2].");
  });

  it("quotes the paper's sentence when none of the reply's own words is supported, never the words with a 'not found' mark", async () => {
    const reply = "[p.3] The encoder uses 16 attention layers [p.2 “12 attention layers”]. It was trained on 64 GPUs [p.2].";
    const { answer, events } = await ask("chat", { "paper.chat": reply }, "How many attention layers does the encoder use?");
    expect(answer.answer).toMatch(/The paper states: “[^”]*12 attention layers[^”]*” \[p\.2\]$/);
    expect(answer.answer).not.toMatch(/16|64 GPUs|not found in the paper/);
    expect(answer.unsupported_sentences).toEqual(["The encoder uses 16 attention layers.", "It was trained on 64 GPUs."]);
    expect(answer.claims!.every((c) => c.label === "unsupported")).toBe(true);
    expect(stepDone(events, "chat")?.summaryText).toEqual({ key: "answeredByQuote", params: { c: 1 }, notes: [{ key: "unsupportedDropped", params: { n: 2 } }] });
    expect(answer.answer).toContain(tokensOf(events));
    expect(tokensOf(events)).not.toContain("16");
  });

  it("a follow-up question's answer passes the same sentence check, and only it is streamed", async () => {
    const llm = new ScriptedLlm({
      replies: {
        "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
        "paper.router": { intent: "chat", reason: "test" },
        "paper.questioner": { questions: ["a?", "b?", "c?"] },
        "paper.chat": ["The encoder uses 12 attention layers [p.2].", "Training takes about two days [p.2]. It used 16 GPUs [p.2]."],
      },
    });
    const kit = await paperEngine(llm);
    engines.push(kit);
    const docId = await importBytes(kit.engine, kit.dataDir, "sparse.pdf", await buildPaperPdf());
    const { sessionId } = await kit.engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "How many attention layers does the encoder use?" } });
    const first = await untilSettled(kit.engine, sessionId);
    await kit.engine.call("run.resume", { sessionId, payload: { action: "ask", question: "And how long does the training take?" } });
    const events = await untilSettled(kit.engine, sessionId, first.at(-1)!.seq);
    const answer = lastAnswer(events);
    expect(llm.callsFor("paper", "chat")[1]!.prompt).toContain("12 attention layers");
    expect(answer.answer).toContain("Training takes about two days [p.2].");
    expect(answer.answer).not.toContain("16 GPUs");
    expect(answer.unsupported_sentences).toEqual(["It used 16 GPUs."]);
    expect(tokensOf(events)).toBe("Training takes about two days [p.2].");
  });

  it("every citation an answer keeps has its quote on its page", async () => {
    const { answer } = await ask("chat", { "paper.chat": "The encoder uses 12 attention layers [p.2]. It also flies [p.3 “the encoder can fly”]." });
    expect(answer.citations.length).toBeGreaterThan(0);
    for (const citation of answer.citations) expect(answer.evidence.some((e) => e.page === citation.page && e.text.replace(/\s+/g, " ").includes(citation.quote!.replace(/\s+/g, " ")))).toBe(true);
    expect(answer.answer).not.toContain("can fly");
  });

  it("drops extraction entries and rows that echo the prompt's example and says so", async () => {
    const { answer, events } = await ask("extract", {
      "paper.extract": { ...EXTRACT_EXAMPLE, datasets: ["CIFAR-10", "DocBench"], results: [...EXTRACT_EXAMPLE.results, { method: "SparseRoute", dataset: "DocBench", metric: "accuracy", value: "91.3%", page: 3 }] },
    });
    expect(answer.answer).not.toMatch(/CIFAR-10|ResNet-50/);
    expect(answer.answer).toContain("DocBench");
    expect(stepDone(events, "extract")?.summaryText).toMatchObject({ key: "rowsEchoDropped", params: { echoes: 3 } });
  });

  it("drops listed names and rows whose method, dataset or metric the passages never print: no famous name invented into the table", async () => {
    const { answer, events } = await ask("extract", {
      "paper.extract": {
        datasets: ["DocBench", "SQuAD"],
        methods: ["SparseRoute", "BERT-large"],
        metrics: ["accuracy"],
        results: [
          { method: "SparseRoute", dataset: "DocBench", metric: "accuracy", value: "91.3%", page: 1 },
          // The value is on page 1, but the method is not the paper's.
          { method: "BERT-large", dataset: "DocBench", metric: "accuracy", value: "91.3%", page: 1 },
        ],
      },
    });
    expect(answer.answer).not.toMatch(/SQuAD|BERT-large/);
    expect(answer.answer).toMatch(/SparseRoute \| DocBench \| accuracy \| 91\.3%/);
    const data = answer.data as { results: unknown[]; dropped_rows: number; dropped_names: number };
    expect(data.results).toHaveLength(1);
    expect(data).toMatchObject({ dropped_rows: 1, dropped_names: 2 });
    expect(stepDone(events, "extract")?.summaryText).toEqual({ key: "rowsDropped", params: { n: 1, dropped: 3 } });
  });

  it("shows a critique point once, in the answer's language and without a loop, and says how many it dropped", async () => {
    const point = "Only one dense baseline is compared, so the gain may not hold against other sparse models.";
    const { answer, events } = await ask("critical", {
      "paper.critical": {
        points: [
          { aspect: "baselines", point, page: 2 },
          { aspect: "baselines", point: point.toUpperCase(), page: 3 },
          { aspect: "data", point: "只在一个数据集上评测，结论的适用范围有限。", page: 1 },
          { aspect: "other", point: "the the the the the the the the the the the the the the the the", page: 1 },
          { aspect: "reproducibility", point: "The random seeds are not reported, which makes the runs hard to reproduce.", page: 2 },
        ],
      },
    });
    expect(answer.answer.match(/Only one dense baseline/gi)).toHaveLength(1);
    expect(answer.answer).not.toMatch(/只在一个数据集|the the the/);
    expect(answer.answer).toContain("random seeds are not reported");
    expect(stepDone(events, "critical")?.summaryText).toEqual({ key: "pointsDropped", params: { n: 2, dropped: 3 } });
  });
});
