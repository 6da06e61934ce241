import { afterEach, describe, expect, it } from "vitest";
import { feedbackTerms } from "../../electron/engine/knowledge/feedbackTerms.js";
import { ScriptedLlm } from "../../electron/engine/testing/ScriptedLlm.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

/**
 * The paper reader searches a question in the other language than the paper in both: the terms the
 * paper pairs itself (no model needed) and the model's checked translation. Real app.db + LanceDB;
 * the model is a scripted double for the path.
 */
const noiseEn = (i: number) => `## Harbour note ${i}\n\nHarbour tides rise along the granite coast in season ${i}, and boats wait for the flood.\n`;
const noiseZh = (i: number) => `## 港口记录${i}\n\n港口的潮汐沿着花岗岩海岸在第${i}季上涨，船只等待涨潮。\n`;

const ZH_PAPER =
  "# 注意力模型研究\n\n## 术语\n\n本文的注意力机制 (attention) 来自翻译模型。\n\n" +
  Array.from({ length: 8 }, (_, i) => noiseZh(i)).join("\n") +
  "\n## 计算方法\n\n注意力机制按查询与键的相似度给值加权，再做归一化。\n";

const EN_PAPER =
  "# Record Linkage Notes\n\n" +
  Array.from({ length: 8 }, (_, i) => noiseEn(i)).join("\n") +
  "\n## Assignment\n\nThe assignment algorithm stores only the five highest weights of each record, which cuts storage.\n";

let kit: PaperKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

describe("cross-lingual paper retrieval", () => {
  it("an English question finds the Chinese paper's passage by the term the paper pairs itself (no model)", async () => {
    kit = paperKit();
    const { doc_id } = await kit.library.importFile(kit.write("zh.md", ZH_PAPER));
    expect(kit.library.language(doc_id)).toBe("zh");
    const { hits } = await kit.library.retrieve("How is attention computed?", { docIds: [doc_id], limit: 3 });
    expect(hits.some((hit) => hit.text.includes("查询与键的相似度"))).toBe(true);
  });

  it("a Chinese question finds the English paper's passage by the model's translation; an echo is ignored", async () => {
    const question = "如何减少记录对的存储?";
    const llm = new ScriptedLlm({
      replies: {
        "knowledge.translate_query": "How does the assignment algorithm reduce the storage of record weights?",
        "paper.translate_terms": { terms: [] },
      },
    });
    kit = paperKit({ llm });
    const { doc_id } = await kit.library.importFile(kit.write("en.md", EN_PAPER));
    const { hits } = await kit.library.retrieve(question, { docIds: [doc_id], limit: 3 });
    expect(hits[0]!.text).toContain("five highest weights");
    expect(llm.callsFor("knowledge", "translate_query")).toHaveLength(1);
    expect(llm.callsFor("knowledge", "translate_query")[0]!.prompt).toContain(question);
  });

  it("a Chinese question finds the English paper's passage by the shipped dictionary, no model", async () => {
    kit = paperKit();
    const { doc_id } = await kit.library.importFile(kit.write("en.md", EN_PAPER));
    const { hits } = await kit.library.retrieve("分配算法如何减少存储?", { docIds: [doc_id], limit: 3 });
    expect(hits.some((hit) => hit.text.includes("five highest weights"))).toBe(true);
  });

  it("feedback words: shared by the top passages, rare in the paper, not already asked", () => {
    const top = ["The assignment keeps the largest weights in storage.", "Storage of the weights is compressed by the assignment.", "Tides."];
    const collection = [...top, ...Array.from({ length: 20 }, (_, i) => `Harbour tides and the weights ${i}.`)];
    const words = feedbackTerms("How is memory reduced for assignment?", top, collection);
    expect(words).toContain("storage");
    // "assignment" was asked; "weights" is in most passages; "tides" is in one top passage only.
    expect(words).not.toContain("assignment");
    expect(words).not.toContain("weights");
    expect(words).not.toContain("tides");
    expect(feedbackTerms("anything", ["one passage"], collection)).toEqual([]);
  });
});
