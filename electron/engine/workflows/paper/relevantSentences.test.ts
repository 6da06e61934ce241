import { describe, expect, it } from "vitest";
import { extractiveAnswer } from "./extractiveAnswer.js";
import { formatSentences, relevantSentences } from "./relevantSentences.js";
import type { EvidenceChunkState } from "./state.js";

const chunk = (id: string, page: number, text: string, doc_id = "d1"): EvidenceChunkState => ({ chunk_id: id, doc_id, page, score: 0.5, text, section: "" });

const PAPER = [
  chunk("c1", 1, "Kestrel skips encoder layers on phones. Speech recognisers on phones must trade accuracy for battery life."),
  chunk("c2", 2, "The base model is a streaming Conformer with 16 layers.  Each audio chunk lasts 320 milliseconds."),
  chunk("c3", 4, "On LibriTalk the full model reaches a word error rate of 6.2 percent. Kestrel reaches 6.5 percent."),
  chunk("c4", 5, "Limitations: we did not test conversational speech. Energy was estimated from operation counts."),
];

describe("relevantSentences (the paper chat's relevance gate)", () => {
  it("ranks the sentence holding the question's words first, with its page and chunk", () => {
    const gate = relevantSentences("How many layers does the base Conformer have?", PAPER);
    expect(gate.relevant).toBe(true);
    expect(gate.sentences[0]).toMatchObject({ page: 2, text: "The base model is a streaming Conformer with 16 layers." });
    expect(gate.sentences[0]!.chunk.chunk_id).toBe("c2");
    expect(gate.sentences.every((s, i) => i === 0 || s.score <= gate.sentences[i - 1]!.score)).toBe(true);
  });

  it("is not relevant when the question's subject is a word the paper never uses", () => {
    expect(relevantSentences("Which company funded this research on phones?", PAPER).relevant).toBe(false);
    expect(relevantSentences("What is the error rate on the French test set of the tokenizer?", PAPER).relevant).toBe(false);
  });

  it("passes a question it cannot judge: only question words, or no word the paper uses", () => {
    expect(relevantSentences("What does the paper say?", PAPER)).toMatchObject({ relevant: true, open: true });
    expect(relevantSentences("What about the tokenizer?", PAPER)).toMatchObject({ relevant: true, open: true });
    const framed = relevantSentences("What does the paper say about encoder layers?", PAPER);
    expect(framed).toMatchObject({ relevant: true, open: false });
    expect(framed.sentences[0]).toMatchObject({ page: 1, score: 1 });
  });

  it("passes across scripts (a Chinese question about an English paper), keeping the retrieval order", () => {
    const gate = relevantSentences("编码器有多少层？", [{ ...PAPER[1]!, score: 0.9 }, PAPER[0]!]);
    expect(gate).toMatchObject({ relevant: true, crossLingual: true });
    expect(gate.sentences[0]!.chunk.chunk_id).toBe("c2");
  });

  it("scores Chinese questions by character pairs, half weight for a pair the paper never holds", () => {
    const zh = [chunk("z1", 1, "每 2 公顷布设 1 个传感节点，每 30 分钟上报一次。"), chunk("z2", 3, "小麦品种为济麦 22。"), chunk("z3", 4, "处理组节水 23%。")];
    expect(relevantSentences("小麦品种是什么？", zh)).toMatchObject({ relevant: true, sentences: [{ page: 3 }] });
    expect(relevantSentences("玉米品种的化肥用量是多少？", zh).relevant).toBe(false);
  });

  it("formats sentences one a line behind their page tag, with the paper number when there are several", () => {
    const gate = relevantSentences("word error rate LibriTalk", PAPER);
    expect(formatSentences(gate.sentences.slice(0, 1), ["d1"])).toBe("[p.4] On LibriTalk the full model reaches a word error rate of 6.2 percent.");
    expect(formatSentences(gate.sentences.slice(0, 1), ["d0", "d1"])).toMatch(/^\[P2 p\.4\] On LibriTalk/);
  });
});

describe("extractiveAnswer", () => {
  it("quotes the best sentence with its page; the quote is on its chunk by construction", () => {
    const gate = relevantSentences("How long is each audio chunk?", PAPER);
    const en = extractiveAnswer("en", gate.sentences, ["d1"])!;
    expect(en.text).toBe("The paper states: “Each audio chunk lasts 320 milliseconds.” [p.2]");
    expect(en.citations).toEqual([{ page: 2, chunk_id: "c2", quote: "Each audio chunk lasts 320 milliseconds." }]);
    expect(extractiveAnswer("zh", gate.sentences, ["d1"])!.text).toBe("论文原文：「Each audio chunk lasts 320 milliseconds.」[p.2]");
  });

  it("gives nothing without a sentence, or when the sentence is not in its chunk", () => {
    expect(extractiveAnswer("en", [], ["d1"])).toBeNull();
    expect(extractiveAnswer("en", [{ text: "Not in the chunk at all.", page: 2, chunk: PAPER[1]!, score: 1 }], ["d1"])).toBeNull();
  });
});
