import { describe, expect, it } from "vitest";
import type { ClaimVerdict } from "../common/checkClaims.js";
import { deepReadAnswer } from "./deepReadAnswer.js";
import type { EvidenceChunkState } from "./state.js";

const evidence: EvidenceChunkState[] = [
  { chunk_id: "d:1", doc_id: "d", page: 3, score: 0.99, text: "3 Experiments", section: "" },
  { chunk_id: "d:2", doc_id: "d", page: 3, score: 0.9, text: "Table 2 shows that eight experts work best; more experts did not help in our runs.", section: "" },
  { chunk_id: "d:3", doc_id: "d", page: 15, score: 0.8, text: "SparseRoute shows that sparse routing keeps accuracy while cutting compute.", section: "" },
];
const verdict = (id: string, label: ClaimVerdict["label"]): ClaimVerdict => ({ id, claim: id, label, evidence: null, reason: label === "supported" ? "covered" : "anchor_missing", coverage: 0, missing: [] });
const base = { evidence, docIds: ["d"], titles: ["Sparse Routing Transformers"] };

describe("deepReadAnswer", () => {
  it("shows only the supported sentences, in their order, and names the ones left out", () => {
    const sentences = [
      { id: "c1", sentence: "Eight experts work best [p.3]." },
      { id: "c2", sentence: "It was trained on 64 GPUs [p.2]." },
      { id: "c3", sentence: "Sparse routing keeps accuracy while cutting compute [p.15]." },
    ];
    const out = deepReadAnswer({ ...base, sentences, verdicts: [verdict("c1", "supported"), verdict("c2", "unsupported"), verdict("c3", "supported")], locale: "en" });
    expect(out).toEqual({ text: "Eight experts work best [p.3]. Sparse routing keeps accuracy while cutting compute [p.15].", dropped: ["It was trained on 64 GPUs [p.2]."], abstained: false });
  });

  it("abstains with the closest substantive passages when nothing is supported, in the answer's language", () => {
    const sentences = [{ id: "c1", sentence: "You are a careful deep reader of one essay." }];
    const en = deepReadAnswer({ ...base, sentences, verdicts: [verdict("c1", "unsupported")], locale: "en" });
    expect(en.abstained).toBe(true);
    expect(en.text).toContain("not stated in the paper");
    expect(en.text).toContain("p. 3: “Table 2 shows that eight experts work best");
    expect(en.text).not.toContain("3 Experiments"); // a heading is no passage
    expect(en.text).not.toContain("careful deep reader");
    const zh = deepReadAnswer({ ...base, sentences, verdicts: [verdict("c1", "unsupported")], locale: "zh" });
    expect(zh.text).toMatch(/^关于《Sparse Routing Transformers》：\n\n模型写出的综合没有一句能在论文中得到确认（论文未提及）/);
    expect(zh.text).toContain("第 15 页");
  });

  it("abstains when the synthesis held no claim at all", () => {
    const out = deepReadAnswer({ ...base, sentences: [], verdicts: [], locale: "en" });
    expect(out.abstained).toBe(true);
    expect(out.dropped).toEqual([]);
  });
});
