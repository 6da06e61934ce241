import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineEvent } from "../../shared/events.js";
import type { Engine } from "../../electron/engine/Engine.js";
import { estimateTokens } from "../../electron/engine/llm/estimateTokens.js";
import { ScriptedLlm, type ScriptedReply } from "../../electron/engine/testing/ScriptedLlm.js";
import { translateSystem } from "../../electron/engine/workflows/paper/prompts.js";
import type { TranslatedParagraph } from "../../electron/engine/workflows/paper/translateParagraph.js";
import { PAPER_TITLE, buildPaperPdf } from "./paperPdf.js";
import { importBytes, lastAnswer, paperEngine, untilSettled } from "./paperEngineKit.js";

/**
 * The translate agent's guards through the real engine with a scripted model: each paragraph is
 * checked before it is streamed; one that loops, is in the wrong language or restates the
 * instructions is retried once and then shown as the marked original; at most six paragraphs are
 * translated, with a note naming the rest.
 */
const engines: Array<{ engine: Engine; dataDir: string }> = [];
afterEach(async () => {
  for (const { engine, dataDir } of engines.splice(0)) {
    await engine.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

const P1 = "We present SparseRoute, a transformer that routes each token to two of eight experts.";
const P2 = "Long documents are expensive to encode because attention grows quadratically with length.";
const P3 = "The router scores every expert with a linear layer and keeps the two best ones.";
const GOOD: Record<string, string> = {
  [P1]: "我们提出 SparseRoute，一种把每个词元路由到八个专家中两个的 Transformer。",
  [P2]: "长文档的编码代价很高，因为注意力随长度呈平方增长。",
  [P3]: "路由器用一个线性层为每个专家打分，并保留最好的两个。",
};
const LOOP = "我们提出一种新的方法来路由每一个词元。".repeat(30);
const ECHO = "你是学术翻译。你唯一的任务是把给出的一段英文译成中文，保留所有公式、数字、变量名和引用标记原样不动。";
const MARK = { zh: "⚠ 此段未能可靠翻译，保留原文", en: "⚠ This paragraph could not be translated reliably; the original is kept" };

/** A reply per paragraph: `bad[source]` lists the replies before the good one (a list longer than 1 fails both tries). */
function translator(bad: Record<string, string[]> = {}): ScriptedReply {
  const seen = new Map<string, number>();
  return (options) => {
    const source = String((options as { prompt: string }).prompt);
    const tries = seen.get(source) ?? 0;
    seen.set(source, tries + 1);
    return bad[source]?.[tries] ?? GOOD[source] ?? "译文。";
  };
}

async function translate(selected: string, reply: ScriptedReply, locale: "zh" | "en" = "zh") {
  const llm = new ScriptedLlm({ replies: { "paper.metadata": { title: PAPER_TITLE, authors: ["Alice Chen"], year: 2023 }, "paper.questioner": { questions: ["a?", "b?", "c?"] }, "paper.translate": reply } });
  const kit = await paperEngine(llm);
  engines.push(kit);
  const docId = await importBytes(kit.engine, kit.dataDir, "sparse.pdf", await buildPaperPdf());
  const { sessionId } = await kit.engine.call("run.start", { workflow: "paper", input: { doc_id: docId, user_query: "翻译", forced_intent: "translate", selected_text: selected, single_question: true, locale } });
  const events = await untilSettled(kit.engine, sessionId);
  const answer = lastAnswer(events);
  const data = answer.data as { target: string; paragraphs: TranslatedParagraph[]; total_paragraphs: number };
  const streamed = events.filter((e) => e.type === "token" && e.step === "translate").map((e) => (e as { text: string }).text).join("");
  const done = events.find((e) => e.type === "step_done" && e.step === "translate") as Extract<EngineEvent, { type: "step_done" }>;
  return { llm, events, answer, data, streamed, done };
}

describe("paper translate guards (scripted model, real engine)", () => {
  it("streams each checked paragraph once, with a token budget from the source's tokens", async () => {
    const { llm, data, streamed, answer, done } = await translate([P1, P2, P3].join("\n\n"), translator());
    expect(data.paragraphs.map((p) => p.status)).toEqual(["translated", "translated", "translated"]);
    expect(streamed).toBe([P1, P2, P3].map((p) => GOOD[p]).join("\n\n"));
    expect(answer.answer).toContain(GOOD[P3]);
    const calls = llm.callsFor("paper", "translate");
    expect(calls.map((c) => c.prompt)).toEqual([P1, P2, P3]);
    for (const call of calls) {
      const budget = (call.options as { maxTokens: number }).maxTokens;
      expect(budget).toBe(Math.ceil(estimateTokens(call.prompt) * 1.3) + 16);
      expect(budget).toBeLessThan(call.prompt.length);
    }
    expect(done.summaryText).toEqual({ key: "translated", params: { n: 3, total: 3 } });
  });

  it("retries a looping paragraph once with avoidRepeats and shows only the retry", async () => {
    const { llm, data, streamed } = await translate([P1, P2].join("\n\n"), translator({ [P1]: [LOOP] }));
    expect(data.paragraphs.map((p) => p.status)).toEqual(["retried", "translated"]);
    expect(data.paragraphs[0]!.faults).toEqual(["loop"]);
    const first = llm.callsFor("paper", "translate").filter((c) => c.prompt === P1);
    expect(first.map((c) => (c.options as { avoidRepeats?: boolean }).avoidRepeats)).toEqual([undefined, true]);
    expect(streamed).toBe(`${GOOD[P1]}\n\n${GOOD[P2]}`);
    expect(streamed).not.toContain("新的方法");
  });

  it("shows the marked original when the retry loops too; the summary counts it; no loop is streamed", async () => {
    const { data, streamed, answer, done, llm } = await translate([P1, P2].join("\n\n"), translator({ [P1]: [LOOP, LOOP] }));
    expect(data.paragraphs[0]).toMatchObject({ status: "kept_source", target: "", faults: ["loop", "loop"], calls: 2 });
    expect(streamed).toBe(`> ${MARK.zh}\n\n${P1}\n\n${GOOD[P2]}`);
    expect(answer.answer).not.toContain("新的方法");
    expect(llm.callsFor("paper", "translate").filter((c) => c.prompt === P1)).toHaveLength(2);
    expect(done.summaryText).toEqual({ key: "translatedGuarded", params: { n: 2, kept: 1, total: 2 } });
  });

  it("keeps the original for a reply in the wrong language and one that restates the instructions (English mark for an English UI)", async () => {
    const bad = { [P1]: ["The method is good and it works on many documents of the corpus.", P1], [P2]: [ECHO, ECHO], [P3]: [P3] };
    const { data, streamed } = await translate([P1, P2, P3].join("\n\n"), translator(bad), "en");
    // A copy of the source is not retried: the same prompt would copy it again.
    expect(data.paragraphs.map((p) => p.faults)).toEqual([["language", "language"], ["echo", "echo"], ["language"]]);
    expect(data.paragraphs.map((p) => p.calls)).toEqual([2, 2, 1]);
    expect(streamed).toBe([P1, P2, P3].map((p) => `> ${MARK.en}\n\n${p}`).join("\n\n"));
    expect(streamed).not.toContain("学术翻译");
  });

  it("translates at most six paragraphs and says how many there were", async () => {
    const many = Array.from({ length: 9 }, (_, i) => `${[P1, P2, P3][i % 3]} (${i + 1})`);
    const reply: ScriptedReply = (options) => {
      const [, source, n] = /^(.*) \((\d)\)$/.exec(String((options as { prompt: string }).prompt))!;
      return `${GOOD[source!]} (${n})`;
    };
    const { llm, data, streamed, answer } = await translate(many.join("\n\n"), reply);
    expect(data.paragraphs).toHaveLength(6);
    expect(data.total_paragraphs).toBe(9);
    expect(llm.callsFor("paper", "translate")).toHaveLength(6);
    expect(streamed).toContain("已翻译前 6 段，共 9 段；选中文字或指明章节可翻译其余部分。");
    expect(answer.answer).toContain("已翻译前 6 段，共 9 段");
  });

  it("keeps the original when a number or citation marker is lost twice", async () => {
    const { data, streamed } = await translate("SparseRoute reaches 91.3% accuracy on DocBench [3], compared with 89.1% for the dense one.", () => "SparseRoute 在 DocBench 上的准确率很高，超过了稠密的基线模型。");
    expect(data.paragraphs[0]).toMatchObject({ status: "kept_source", faults: ["markers", "markers"], missing: ["91.3", "89.1", "[3]"] });
    expect(data.paragraphs[0]!.missing).not.toContain("1");
    expect(streamed).toContain(MARK.zh);
    expect(translateSystem("zh")).toContain("引用标记");
  });
});
