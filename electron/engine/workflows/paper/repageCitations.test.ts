import { describe, expect, it } from "vitest";
import { repageCitations } from "./repageCitations.js";
import type { EvidenceChunkState } from "./state.js";

const chunk = (id: string, page: number, text: string, doc_id = "d1"): EvidenceChunkState => ({ chunk_id: id, doc_id, page, score: 1, text, section: "" });
// Sentences of the eval's Kestrel paper: the abstract (page 1) names the layers too, the encoder section (page 2) says it best.
const PAPER = [
  chunk("c1", 1, "A small gating network of 48 thousand parameters decides, for every chunk of 320 milliseconds, how many of the 16 encoder layers to run."),
  chunk("c2", 2, "The base model is a streaming Conformer with 16 layers, a model dimension of 256 and 4 attention heads. Each chunk covers 320 milliseconds of audio."),
  chunk("c3", 4, "On LibriTalk the full model reaches a word error rate of 6.2 percent."),
];

describe("repageCitations: code decides the page a citation names", () => {
  it("moves a tag to the page of the sentence its answer sentence matches best", () => {
    const out = repageCitations("The base model is a streaming Conformer with 16 layers [p.1].", PAPER, ["d1"]);
    expect(out).toEqual({ text: "The base model is a streaming Conformer with 16 layers [p.2].", moved: ["p.1 → p.2"] });
  });

  it("moves a tag with a quote to the page whose passage holds the quote", () => {
    const out = repageCitations('The full model reaches 6.2 percent [p.2 "the full model reaches a word error rate of 6.2 percent"].', PAPER, ["d1"]);
    expect(out.text).toContain("[p.4 ");
    expect(out.moved).toEqual(["p.2 → p.4"]);
  });

  it("keeps a right page, a page range, an unknown page and a tag of another paper", () => {
    const right = "Each chunk covers 320 milliseconds of audio [p.2].";
    expect(repageCitations(right, PAPER, ["d1"])).toEqual({ text: right, moved: [] });
    const range = "The base model has 16 layers [p.1-2]. It is tested on page nine [p.9].";
    expect(repageCitations(range, PAPER, ["d1"])).toEqual({ text: range, moved: [] });
    const other = "The base model is a streaming Conformer with 16 layers [P2 p.1].";
    expect(repageCitations(other, [...PAPER, chunk("x1", 1, "Unrelated text about irrigation.", "d2")], ["d1", "d2"])).toEqual({ text: other, moved: [] });
  });
});
