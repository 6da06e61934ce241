import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerType, fitsAnswerType } from "./answerType.js";
import { relevantSentences } from "./relevantSentences.js";
import type { EvidenceChunkState } from "./state.js";

// The eval's two papers (bench/eval/sets/papers, our own CC0 text), one chunk per paragraph as whole-paper mode gives them.
function paper(id: string): EvidenceChunkState[] {
  const { pages } = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../../../../bench/eval/sets/papers", `${id}.json`), "utf8")) as { pages: string[] };
  return pages.flatMap((page, p) =>
    page
      .split(/\n\s*\n/)
      .filter((part) => part.trim())
      .map((text, i) => ({ chunk_id: `${id}-${p + 1}-${i}`, doc_id: "d1", page: p + 1, score: 1, text, section: "" })),
  );
}
const KESTREL = paper("en-kestrel");
const IRRIGATION = paper("zh-irrigation");
const chunk = (id: string, page: number, text: string): EvidenceChunkState => ({ chunk_id: id, doc_id: "d1", page, score: 1, text, section: "" });

describe("answerType: the kind of sentence a question asks for", () => {
  it("reads numbers, funding, causes and units from the question words, in both languages", () => {
    expect(answerType("How long is each audio chunk?")).toMatchObject({ number: true });
    expect(answerType("每个传感节点覆盖多大面积？").focus).toContain("面积");
    expect(answerType("湿度探头安装在哪两个深度？").focus).toContain("深度");
    expect(fitsAnswerType(answerType("Which company funded this research?"), "This work was funded by the Northfield Foundation.")).toBe(true);
    expect(fitsAnswerType(answerType("Why is the saving smaller on ShuoHua?"), "Table 2 shows that eight experts work best.")).toBe(false);
    // A measurement noun that is not what is asked for sets no unit: "What chip is used to measure latency?".
    expect(answerType("What chip is used to measure latency?")).toEqual({ number: false, focus: [] });
  });
});

describe("relevantSentences: only a sentence of the asked kind, with the question's rarest words, answers", () => {
  it("a number question is answered by a sentence with a number, not by one that only shares its words", () => {
    const gate = relevantSentences("How long is each audio chunk?", KESTREL);
    expect(gate.relevant).toBe(true);
    expect(gate.sentences[0]).toMatchObject({ page: 2, text: "Each chunk covers 320 milliseconds of audio and attends to 2 chunks of left context." });
    expect(relevantSentences("How large is the held-out calibration set?", KESTREL).sentences[0]).toMatchObject({ page: 2 });
  });

  it("'who funded' needs a funding sentence: a shared word ('work') answers nothing", () => {
    expect(relevantSentences("Who funded the work?", KESTREL).relevant).toBe(false);
    expect(relevantSentences("Which company funded this research?", KESTREL).relevant).toBe(false);
    const funded = [...KESTREL, chunk("k9", 6, "This work was funded by the Northfield Foundation under grant 42.")];
    const gate = relevantSentences("Who funded the work?", funded);
    expect(gate.relevant).toBe(true);
    expect(gate.sentences[0]).toMatchObject({ page: 6, text: "This work was funded by the Northfield Foundation under grant 42." });
  });

  it("'why' needs a stated cause", () => {
    const gate = relevantSentences("Why is the saving smaller on ShuoHua?", KESTREL);
    expect(gate.relevant).toBe(true);
    expect(gate.sentences[0]!.text).toMatch(/^On ShuoHua the saving is only 22 percent, because tonal syllables/);
  });

  it("abstains when a name or number of the question is nowhere in the paper, or its rarest word is only in a sentence of another kind", () => {
    expect(relevantSentences("What is the error rate on the French test set?", KESTREL).relevant).toBe(false);
    expect(relevantSentences("What word error rate does Kestrel reach on children's speech?", KESTREL).relevant).toBe(false);
    expect(relevantSentences("2021 年的试验结果如何？", IRRIGATION).relevant).toBe(false);
    // 玉米 is in the paper only in a sentence with no number: the 23% sentence does not answer for maize.
    expect(relevantSentences("该方法在玉米上节水多少？", IRRIGATION).relevant).toBe(false);
  });

  it("a unit stands for the question's measurement noun: 多大面积 is answered by the sentence in 公顷", () => {
    const gate = relevantSentences("每个传感节点覆盖多大面积？", IRRIGATION);
    expect(gate.relevant).toBe(true);
    expect(gate.sentences[0]!.text).toMatch(/^每 2 公顷布设 1 个传感节点/);
    // The question's Latin letter is a name: "p 值" is answered by the sentence with p = 0.31.
    const p = relevantSentences("产量差异的 p 值是多少？", IRRIGATION);
    expect(p.relevant).toBe(true);
    expect(p.sentences[0]!.text).toContain("p = 0.31");
  });

  it("across scripts, scores by the caller's terms and the question's Latin names; with none it passes in retrieval order", () => {
    const bridged = relevantSentences("门控网络有多少参数？", KESTREL, { extraTerms: ["gating network parameters"] });
    expect(bridged).toMatchObject({ relevant: true, crossLingual: true, open: false });
    expect(bridged.sentences[0]!.text).toMatch(/^A small gating network of 48 thousand parameters/);
    const named = relevantSentences("Kestrel 在 ShuoHua 上节省多少计算？", KESTREL);
    expect(named.relevant).toBe(true);
    expect(named.sentences[0]!.text).toContain("ShuoHua");
    expect(relevantSentences("Kestrel 在 TIMIT 上的错误率是多少？", KESTREL).relevant).toBe(false);
    const unbridged = relevantSentences("门控网络有多少参数？", KESTREL);
    expect(unbridged).toMatchObject({ relevant: true, crossLingual: true, open: false });
    expect(unbridged.sentences.every((s) => s.score === 0)).toBe(true);
  });
});
