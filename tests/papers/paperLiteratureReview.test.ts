import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../shared/events.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { ScriptedLlm, type ScriptedReply } from "../../electron/engine/testing/ScriptedLlm.js";
import { PAPER_TITLE, buildPaperPdf } from "./paperPdf.js";
import { importBytes, lastAnswer, paperEngine, untilSettled } from "./paperEngineKit.js";

/**
 * The literature review's guards through the real engine with a scripted model: nothing the model
 * writes is streamed before it is checked; a summary that loops, is in the wrong language, cites
 * nothing that holds or restates the instructions is replaced by the paper's passages quoted by
 * code; a synthesis that fails is left out with a note. The summary line counts the replacements.
 */
const engines: Array<{ engine: Engine; dataDir: string }> = [];
afterEach(async () => {
  for (const { engine, dataDir } of engines.splice(0)) {
    await engine.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

const LOOP = "This paper is about a new kind of network that nobody has ever tried before.\n\n".repeat(40);
const FALLBACK = "The model's summary failed the checks and is not shown; the paper's most relevant passages:";

/** A faithful summary: the first sentence of the first passage in the prompt, with its page tag. */
function faithfulText(options: unknown): string {
  const [, page, text] = /\[p\.(\d+)\] ([^\n]+)/.exec(String((options as { prompt: string }).prompt))!;
  return `${text!.split(/(?<=\.)\s/)[0]} [p.${page}]`;
}
const faithful: ScriptedReply = (options) => faithfulText(options);

async function review(summary: ScriptedReply | readonly ScriptedReply[], options: { second?: boolean; synthesis?: ScriptedReply } = {}) {
  const llm = new ScriptedLlm({
    replies: {
      "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 },
      "paper.questioner": { questions: ["a?", "b?", "c?"] },
      "paper.literature_review": (call, index) => {
        const prompt = String((call as { prompt: string }).prompt);
        if (options.synthesis && !prompt.includes("Passages:")) return typeof options.synthesis === "function" ? options.synthesis(call, index) : options.synthesis;
        const list = Array.isArray(summary) ? summary : [summary];
        const reply = list[Math.min(index, list.length - 1)]!;
        return typeof reply === "function" ? reply(call, index) : reply;
      },
    },
  });
  const kit = await paperEngine(llm);
  engines.push(kit);
  const docId = await importBytes(kit.engine, kit.dataDir, "sparse.pdf", await buildPaperPdf());
  const docIds = [docId];
  if (options.second) docIds.push(await importBytes(kit.engine, kit.dataDir, "notes.md", "# Sparse Experts Survey\n\nSparse expert models route each token to a few experts of a large layer.\n"));
  const { sessionId } = await kit.engine.call("run.start", { workflow: "paper", input: { doc_ids: docIds, user_query: "main contribution", forced_intent: "literature_review", single_question: true, locale: "en" } });
  const events = await untilSettled(kit.engine, sessionId);
  const streamed = events.filter((e) => e.type === "token" && e.step === "literature_review").map((e) => (e as { text: string }).text).join("");
  const done = events.find((e) => e.type === "step_done" && e.step === "literature_review") as Extract<EngineEvent, { type: "step_done" }>;
  return { llm, events, answer: lastAnswer(events), streamed, done };
}

describe("literature review guards (scripted model, real engine)", () => {
  it("streams a summary whose citation holds and whose sentences come from the passages, once checked", async () => {
    const { answer, streamed, done } = await review(faithful);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(streamed).not.toContain(FALLBACK);
    expect(streamed).toMatch(/\[p\.\d\]/);
    expect(done.summaryText?.key).toBe("review");
  });

  it("replaces a summary that loops twice by the paper's passages quoted by code; the loop is never streamed", async () => {
    const { answer, streamed, done, llm } = await review([LOOP, LOOP]);
    expect(llm.callsFor("paper", "literature_review")).toHaveLength(2);
    expect(streamed).toContain(FALLBACK);
    expect(streamed).not.toContain("nobody has ever tried");
    expect(answer.answer).not.toContain("nobody has ever tried");
    // The quoted passages are the paper's own sentences: their citations pass the quote gate.
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(done.summaryText).toMatchObject({ key: "reviewGuarded", params: { replaced: 1 } });
  });

  it.each([
    ["wrong language", "这篇论文提出了一种把词元路由到专家的方法 [p.1]。", "language"],
    ["sentences not in the passages", "SparseRoute was trained on a billion web pages in forty languages by volunteers.", "ungrounded"],
    ["instructions restated", "You write literature reviews; your only task is to summarise this paper's problem, method and main result in 3 sentences [p.1].", "echo"],
  ])("replaces a summary with %s", async (_, reply, reason) => {
    const { streamed, answer, done } = await review(reply);
    expect(streamed).toContain(FALLBACK);
    expect(streamed).not.toContain(reply.slice(0, 30));
    expect(answer.answer).not.toContain(reply.slice(0, 30));
    expect(done.summaryText?.key).toBe("reviewGuarded");
    expect(done.summary).toContain(`(${reason})`);
  });

  it("replaces a summary of the passages' own words that cites nothing (cite or abstain)", async () => {
    const uncited: ScriptedReply = (options) => faithfulText(options).replace(/ \[p\.\d+\]$/, "");
    const { streamed, done } = await review(uncited);
    expect(streamed).toContain(FALLBACK);
    expect(done.summary).toContain("(uncited)");
  });

  it("leaves out a synthesis that fails the checks, with a note, and keeps the checked summaries", async () => {
    const { streamed, done } = await review(faithful, { second: true, synthesis: "这两篇论文都很好 [P1 p.1]。" });
    expect(streamed).toContain("### Synthesis");
    expect(streamed).toContain("The model's comparison failed the checks and is not shown");
    expect(streamed).not.toContain("这两篇论文都很好");
    expect(done.summaryText).toMatchObject({ key: "reviewGuarded", params: { n: 2, replaced: 1 } });
  });
});
