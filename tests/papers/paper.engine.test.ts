import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { PAPER_INTENTS, type PaperIntent } from "../../shared/workflows/paper.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm, type ScriptedReply } from "../../electron/engine/testing/ScriptedLlm.js";
import { PAPER_TITLE, buildPaperPdf } from "./paperPdf.js";
import { importBytes, lastAnswer, paperEngine, steps, untilSettled } from "./paperEngineKit.js";

const engines: Array<{ engine: Engine; dataDir: string }> = [];
afterEach(async () => {
  for (const { engine, dataDir } of engines.splice(0)) {
    await engine.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Replies of every agent: enough for one question of any intent. */
function replies(overrides: Record<string, ScriptedReply | readonly ScriptedReply[]> = {}): Record<string, ScriptedReply | readonly ScriptedReply[]> {
  return {
    "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
    "paper.translate_terms": { terms: [] },
    "paper.chat": "The encoder uses 12 attention layers [p.2].",
    "paper.critical": { points: [{ aspect: "baselines", point: "Only the dense baseline is compared on DocBench.", page: 3 }, { aspect: "data", point: "Invented page.", page: 99 }] },
    "paper.extract": { datasets: ["DocBench"], methods: ["SparseRoute"], metrics: ["accuracy"], results: [{ method: "SparseRoute", dataset: "DocBench", metric: "accuracy", value: "91.3%", page: 3 }, { method: "Dense", dataset: "DocBench", metric: "accuracy", value: "77.7%", page: 3 }] },
    "paper.translate": "稀疏路由 Transformer 在 DocBench 上达到 91.3%。",
    "paper.literature_review": "SparseRoute routes tokens to two of eight experts [p.1].",
    "paper.extraction": { problem: "Long documents are costly to encode.", method: "Sparse routing over eight experts.", datasets: ["DocBench"], key_results: [{ result: "91.3% accuracy on DocBench", page: 3 }] },
    "paper.analysis": { strengths: [{ point: "Ablation of the number of experts.", page: 3 }], weaknesses: [{ point: "No multilingual study.", page: 4 }], novelty: "Two of eight experts per token." },
    "paper.synthesis": "SparseRoute reaches 91.3% accuracy on DocBench [p.3].",
    "paper.judge": (options) => ({ supported: false, evidence_chunk_id: String(/\((p[0-9a-f]+:\d+)\)/.exec(options.prompt)?.[1] ?? "x") }),
    "paper.questioner": { questions: ["Which baselines are used?", "What does Table 2 show?", "What are the limits?"] },
    ...overrides,
  };
}

const AGENT_STEP: Record<PaperIntent, string> = {
  chat: "chat",
  critical: "critical",
  deep_read: "extraction",
  extract: "extract",
  translate: "translate",
  recommend: "recommend",
  literature_review: "literature_review",
};

async function setup(script: Record<string, ScriptedReply | readonly ScriptedReply[]>) {
  const llm = new ScriptedLlm({ replies: script });
  const kit = await paperEngine(llm);
  engines.push(kit);
  const docId = await importBytes(kit.engine, kit.dataDir, "sparse.pdf", await buildPaperPdf());
  return { ...kit, llm, docId };
}

describe("paper workflow (scripted LLM, real engine)", () => {
  it.each(PAPER_INTENTS)("routes a question to %s through one grammar call and answers with the paper's title", async (intent) => {
    const { engine, llm, docId } = await setup(replies({ "paper.router": { intent, reason: "测试" } }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "What does the encoder use?", single_question: true } });
    const events = await untilSettled(engine, sessionId);
    expect(events.at(-1)!.type).toBe("done");
    expect(steps(events)).toContain(AGENT_STEP[intent]);
    expect(llm.callsFor("paper", "router")).toHaveLength(1);
    const answer = lastAnswer(events);
    expect(answer.intent).toBe(intent);
    expect(answer.titles).toEqual([PAPER_TITLE]);
    expect(answer.answer).toContain(PAPER_TITLE);
    expect(answer.follow_ups).toHaveLength(3);
  });

  it.each(PAPER_INTENTS)("a forced %s skips the router's model call", async (intent) => {
    const { engine, llm, docId } = await setup(replies({ "paper.router": () => { throw new Error("the router must not be called"); } }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { documentId: docId, question: "Go", forced_intent: intent, single_question: true } });
    const events = await untilSettled(engine, sessionId);
    expect(lastAnswer(events).intent).toBe(intent);
    expect(llm.callsFor("paper", "router")).toHaveLength(0);
    expect(llm.callsFor("paper", "router_text")).toHaveLength(0);
  });

  it("falls back to a plain call parsed leniently when the structured router call fails", async () => {
    const { engine, llm, docId } = await setup(replies({ "paper.router": () => { throw new Error("no grammar on this backend"); }, "paper.router_text": "I think this is a critical question." }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "Is the method sound?", single_question: true } });
    const events = await untilSettled(engine, sessionId);
    expect(lastAnswer(events).intent).toBe("critical");
    expect(llm.callsFor("paper", "router_text")).toHaveLength(1);
    const done = events.find((e) => e.type === "step_done" && (e as unknown as { step: string }).step === "router") as unknown as { summary: string };
    expect(done.summary).toBe("critical (lenient:name)");
  });

  it("keeps only citations of retrieved pages, drops critique points and extraction rows the pages do not hold, and exports CSV", async () => {
    const script = replies({ "paper.router": { intent: "chat", reason: "问答" }, "paper.chat": "12 layers [p.2]; also see [p.42]." });
    const { engine, docId } = await setup(script);
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "How many attention layers does the encoder use?" } });
    let events = await untilSettled(engine, sessionId);
    const chat = lastAnswer(events);
    expect(chat.answer).not.toContain("p.42");
    expect(chat.refused_citations).toEqual(["[p.42]"]);
    expect(chat.citations.map((c) => c.page)).toEqual([2]);
    expect(chat.evidence.map((e) => e.chunk_id)).toContain(chat.citations[0]!.chunk_id);

    let seq = events.at(-1)!.seq;
    await engine.call("run.resume", { sessionId, payload: { action: "ask", question: "Critique the baselines of the experiments", forced_intent: "critical" } });
    events = await untilSettled(engine, sessionId, seq);
    const critique = lastAnswer(events);
    expect((critique.data as { points: unknown[]; dropped: number }).dropped).toBe(1);
    expect(critique.answer).toContain("[p.3]");

    seq = events.at(-1)!.seq;
    await engine.call("run.resume", { sessionId, payload: { action: "ask", question: "accuracy results of DocBench experiments", forced_intent: "extract" } });
    events = await untilSettled(engine, sessionId, seq);
    const extract = lastAnswer(events);
    const data = extract.data as { results: Array<{ value: string }>; dropped_rows: number; csv: string; markdown: string };
    expect(data.results.map((r) => r.value)).toEqual(["91.3%"]);
    expect(data.dropped_rows).toBe(1);
    expect(data.csv).toBe("method,dataset,metric,value,page\nSparseRoute,DocBench,accuracy,91.3%,3\n");
    expect(data.markdown).toContain("| SparseRoute | DocBench | accuracy | 91.3% | 3 |");
  });

  it("accepts the abstention without citations and answers structural questions from the index", async () => {
    const { engine, llm, docId } = await setup(replies({ "paper.router": { intent: "chat", reason: "问答" }, "paper.chat": "论文未提及。" }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "作者的资助来源是什么？" } });
    let events = await untilSettled(engine, sessionId);
    expect(lastAnswer(events).answer).toContain("论文未提及");
    expect(lastAnswer(events).answer).toContain(`《${PAPER_TITLE}》`);

    const chatCalls = llm.callsFor("paper", "chat").length;
    let seq = events.at(-1)!.seq;
    await engine.call("run.resume", { sessionId, payload: { action: "ask", question: "这篇论文有几张表？" } });
    events = await untilSettled(engine, sessionId, seq);
    const count = lastAnswer(events);
    expect(count.answer).toContain("共有 2 张表");
    expect(count.answer).toContain("Table 2: Ablation of the number of experts. [p.3]");
    expect(llm.callsFor("paper", "chat")).toHaveLength(chatCalls);

    seq = events.at(-1)!.seq;
    await engine.call("run.resume", { sessionId, payload: { action: "ask", question: "第 2 页讲了什么？" } });
    events = await untilSettled(engine, sessionId, seq);
    expect(new Set(lastAnswer(events).evidence.map((e) => e.page))).toEqual(new Set([2]));

    seq = events.at(-1)!.seq;
    await engine.call("run.resume", { sessionId, payload: { action: "ask", question: "Table 2 的结论是什么？" } });
    events = await untilSettled(engine, sessionId, seq);
    const texts = lastAnswer(events).evidence.map((e) => e.text);
    expect(texts[0]).toMatch(/^Table 2: Ablation/);
    expect(texts.some((t) => t.includes("eight experts work best"))).toBe(true);
  });

  it.each([
    { name: "0 retries", synth: ["SparseRoute reaches 91.3% accuracy on DocBench [p.3]."], max: 2, retries: 0, dropped: 0, abstains: false },
    { name: "1 retry", synth: ["SparseRoute reaches 97.9% accuracy on ImageNet [p.3].", "SparseRoute reaches 91.3% accuracy on DocBench [p.3]."], max: 2, retries: 1, dropped: 0, abstains: false },
    {
      name: "2 retries",
      synth: ["It uses 64 GPUs [p.2].", "The encoder uses 12 attention layers [p.2]. It was trained on ImageNet [p.2].", "The encoder uses 12 attention layers [p.2]."],
      max: 2,
      retries: 2,
      dropped: 0,
      abstains: false,
    },
    {
      name: "the cap",
      synth: [
        "It uses 64 GPUs [p.2].",
        "The encoder uses 12 attention layers [p.2]. It uses 65 GPUs [p.2].",
        "The encoder uses 12 attention layers [p.2]. SparseRoute reaches 91.3% accuracy on DocBench [p.3]. It uses 66 GPUs [p.2].",
      ],
      max: 2,
      retries: 2,
      dropped: 1,
      abstains: false,
    },
    // A rewrite that supports no more sentences than the one before stops the loop before the cap.
    { name: "a stalled rewrite", synth: ["It uses 64 GPUs [p.2].", "It uses 65 GPUs [p.2].", "It uses 66 GPUs [p.2]."], max: 2, retries: 1, dropped: 1, abstains: true },
    { name: "a cap of 0", synth: ["It uses 64 GPUs [p.2]."], max: 0, retries: 0, dropped: 1, abstains: true },
  ])("deep read with $name: extraction → analysis → synthesis → check, bounded", async ({ synth, max, retries, dropped, abstains }) => {
    const { engine, llm, docId } = await setup(replies({ "paper.synthesis": synth }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "深度阅读", forced_intent: "deep_read", max_halluc_iterations: max, single_question: true } });
    const events = await untilSettled(engine, sessionId);
    expect(events.at(-1)!.type).toBe("done");
    expect(steps(events).filter((s) => ["extraction", "analysis", "synthesis", "hallucination_check"].includes(s))).toEqual([
      "extraction",
      "analysis",
      ...Array.from({ length: retries + 1 }, () => ["synthesis", "hallucination_check"]).flat(),
    ]);
    expect(llm.callsFor("paper", "synthesis")).toHaveLength(retries + 1);
    const checks = events.filter((e) => e.type === "claims_checked") as unknown as Array<{ decision: string }>;
    expect(checks.map((c) => c.decision)).toEqual([...Array.from({ length: retries }, () => "retry"), "pass"]);
    if (retries > 0) expect(llm.callsFor("paper", "synthesis")[1]!.prompt).toMatch(/does not support|论文不支持/);
    const answer = lastAnswer(events);
    expect(answer.stages?.extraction).toContain("Problem:");
    expect(answer.stages?.analysis).toContain("Strengths:");
    expect(answer.halluc_iteration).toBe(retries);
    // Cite or abstain: an unsupported sentence is listed in the claims, never shown in the answer.
    const unsupported = answer.claims!.filter((c) => c.label === "unsupported");
    expect(unsupported).toHaveLength(dropped);
    expect(answer.answer).not.toMatch(/not found in the paper|原文未找到依据/);
    for (const claim of unsupported) expect(answer.answer).not.toContain(claim.claim);
    if (abstains) expect(answer.answer).toMatch(/模型写出的综合没有一句能在论文中得到确认（论文未提及）[\s\S]*第 \d+ 页：「/);
    else expect(answer.answer).toContain(synth[retries]!.split(" [p.")[0]);
    const state = await engine.call("run.state", { sessionId });
    expect(state.values.halluc_iteration).toBe(retries);
    expect(state.values.hallucination_check).toBe("pass");
  });

  it("deep read prompts are stable first: one system prompt and one passage prefix for every stage, the stage's task last, bounded tokens", async () => {
    const synth = ["It uses 64 GPUs [p.2].", "SparseRoute reaches 91.3% accuracy on DocBench [p.3]."];
    const { engine, llm, docId } = await setup(replies({ "paper.synthesis": synth }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "deep read", forced_intent: "deep_read", single_question: true, locale: "en" } });
    expect((await untilSettled(engine, sessionId)).at(-1)!.type).toBe("done");
    const calls = ["extraction", "analysis", "synthesis"].flatMap((step) => llm.callsFor("paper", step));
    expect(calls).toHaveLength(4); // extraction, analysis, synthesis + one rewrite
    expect(new Set(calls.map((c) => c.system)).size).toBe(1);
    // The shared prefix: title and passages, the same text in every call.
    const prefix = calls[0]!.prompt.slice(0, calls[0]!.prompt.indexOf("Stage 1"));
    expect(prefix).toMatch(/^Paper: .+\n\nPassages:\n\[p\.\d+\]/);
    expect(prefix.length).toBeGreaterThan(500);
    for (const call of calls) expect(call.prompt.startsWith(prefix)).toBe(true);
    // What differs comes after it: the stage's task (and the rewrite list) at the end.
    expect(calls[1]!.prompt.indexOf("Stage 2")).toBeGreaterThan(calls[1]!.prompt.indexOf("Extraction (stage 1)"));
    expect(calls[3]!.prompt.indexOf("does not support")).toBeGreaterThan(calls[3]!.prompt.indexOf("Analysis:"));
    expect(calls[3]!.prompt.trimEnd().endsWith("Synthesis:")).toBe(true);
    // The synthesis and its rewrite share everything up to the rewrite list.
    expect(calls[3]!.prompt.startsWith(calls[2]!.prompt.slice(0, calls[2]!.prompt.indexOf("Stage 3")))).toBe(true);
    for (const call of calls) expect((call.options as { maxTokens?: number }).maxTokens).toBeLessThanOrEqual(560);
    for (const call of calls.slice(0, 2)) expect((call.options as { maxAttempts?: number }).maxAttempts).toBe(2);
  });

  it("stores every exchange in the history, also two questions with the same answer (two abstentions)", async () => {
    const { engine, docId } = await setup(replies({ "paper.router": { intent: "chat", reason: "问答" }, "paper.chat": "not stated in the paper" }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "Which GPU brand was used?", locale: "en" } });
    await untilSettled(engine, sessionId);
    const seq = (await engine.call("events.list", { sessionId })).events.at(-1)!.seq;
    await engine.call("run.resume", { sessionId, payload: { action: "ask", question: "Who funded the work?" } });
    await untilSettled(engine, sessionId, seq);
    const { messages } = await engine.call("paper.history", { sessionId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(messages.filter((m) => m.role === "user").map((m) => m.message.text)).toEqual(["Which GPU brand was used?", "Who funded the work?"]);
    expect(messages.filter((m) => m.role === "assistant").every((m) => String(m.message.text).includes("not stated in the paper"))).toBe(true);
  });

  it("keeps the conversation of a session across an engine restart and continues it", async () => {
    const script = replies({ "paper.router": { intent: "chat", reason: "问答" } });
    const first = await setup(script);
    const { sessionId } = await first.engine.call("run.start", { workflow: "paper", input: { doc_id: first.docId, user_query: "How many attention layers?" } });
    await untilSettled(first.engine, sessionId);
    await first.engine.dispose();
    engines.splice(0);

    const second = await paperEngine(new ScriptedLlm({ replies: { ...script, "paper.chat": "Adam, learning rate 0.0003 [p.2]." } }), first.dataDir);
    engines.push(second);
    const before = await second.engine.call("run.state", { sessionId });
    expect(before.pause?.pausePoint).toBe("await_question");
    expect(before.values.conversation_history).toHaveLength(2);
    const seq = (await second.engine.call("events.list", { sessionId })).events.at(-1)!.seq;
    await second.engine.call("run.resume", { sessionId, payload: { action: "ask", question: "Which optimizer?" } });
    await untilSettled(second.engine, sessionId, seq);
    const after = await second.engine.call("run.state", { sessionId });
    expect((after.values.conversation_history as Array<{ role: string; text: string }>).map((e) => e.role)).toEqual(["user", "assistant", "user", "assistant"]);
    const { messages } = await second.engine.call("paper.history", { sessionId });
    expect(messages.map((m) => m.message.text)).toEqual(["How many attention layers?", expect.stringContaining("12 attention layers"), "Which optimizer?", expect.stringContaining("0.0003")]);
    const seq2 = (await second.engine.call("events.list", { sessionId })).events.at(-1)!.seq;
    await second.engine.call("run.resume", { sessionId, payload: { action: "end" } });
    const end = await untilSettled(second.engine, sessionId, seq2);
    expect(end.at(-1)!.type).toBe("done");
  });

  it("translates the selection, else the section the question names, paragraph by paragraph; a translation that loses a number is not shown", async () => {
    const { engine, llm, docId } = await setup(replies({ "paper.translate": (options) => (String((options as { prompt: string }).prompt).includes("0.0003") ? "我们用 Adam 训练 30 轮。" : "译文。") }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "翻译 Training Details 一节", forced_intent: "translate" } });
    let events = await untilSettled(engine, sessionId);
    const answer = lastAnswer(events);
    const paragraphs = (answer.data as { paragraphs: Array<{ source: string; missing: string[]; status: string }> }).paragraphs;
    expect(paragraphs.map((p) => p.source)).toEqual([expect.stringContaining("learning rate of 0.0003")]);
    expect(paragraphs[0]).toMatchObject({ missing: ["0.0003"], status: "kept_source" });
    expect(answer.answer).toContain("learning rate of 0.0003");
    expect(answer.answer).not.toContain("我们用 Adam 训练 30 轮");
    expect(events.some((e) => e.type === "token")).toBe(true);
    const seq = events.at(-1)!.seq;
    await engine.call("run.resume", { sessionId, payload: { action: "ask", question: "翻译", forced_intent: "translate", selected_text: "First paragraph.\n\nSecond one with [3] and (1)." } });
    events = await untilSettled(engine, sessionId, seq);
    expect((lastAnswer(events).data as { paragraphs: Array<{ status: string }> }).paragraphs.map((p) => p.status)).toEqual(["translated", "kept_source"]);
    expect(llm.callsFor("paper", "translate").at(-1)!.prompt).toBe("Second one with [3] and (1).");
  });

  it("degrades a blocking agent whose model never gives valid JSON to a stated failure, not a failed session", async () => {
    const broken = () => {
      throw new Error("no valid output after 3 attempts");
    };
    const { engine, docId } = await setup(replies({ "paper.critical": broken, "paper.extraction": broken, "paper.analysis": broken }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "批判分析", forced_intent: "critical" } });
    let events = await untilSettled(engine, sessionId);
    expect(lastAnswer(events).answer).toContain("模型未能给出有效的结构化结果");
    const seq = events.at(-1)!.seq;
    await engine.call("run.resume", { sessionId, payload: { action: "ask", question: "深度阅读", forced_intent: "deep_read" } });
    events = await untilSettled(engine, sessionId, seq);
    expect(events.at(-1)!.type).toBe("await_user");
    expect(lastAnswer(events).stages!.extraction).toContain("模型未能给出有效的结构化结果");
  });

  it("rejects a wrong action at the pause and an unknown paper", async () => {
    const { engine, docId } = await setup(replies({ "paper.router": { intent: "chat", reason: "问答" } }));
    const { sessionId } = await engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "Layers?" } });
    await untilSettled(engine, sessionId);
    await expect(engine.call("run.resume", { sessionId, payload: { action: "confirm" } })).rejects.toThrow(/unknown action/);
    await expect(engine.call("run.resume", { sessionId, payload: { action: "ask" } })).rejects.toThrow(/ask needs user_query/);
    const bad = await engine.call("run.start", { workflow: "paper", input: { doc_id: "p000000000000", user_query: "x", single_question: true } });
    const events = await untilSettled(engine, bad.sessionId);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { code: "not_found" } });
    await expect(engine.call("run.start", { workflow: "paper", input: { doc_id: docId } })).rejects.toThrow(/user_query/);
  });
});
