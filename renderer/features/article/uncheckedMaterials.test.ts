import { describe, expect, it } from "vitest";
import type { Material } from "../../../shared/knowledge.js";
import { checkedIds, rememberChoice } from "./uncheckedMaterials.js";

const material = (id: string, recUuid: string): Material => ({ id, title: `T ${recUuid}`, content: "c", source: "library", published_at: null, relevance_score: 1, source_type: "library", url: null, recUuid });

describe("unchecked materials across a re-search", () => {
  it("keeps a material the user unchecked unchecked when the new list renumbers it", () => {
    const first = [material("m001", "a"), material("m002", "b"), material("m003", "c")];
    rememberChoice("s1", first, new Set(["m001", "m003"]));
    // The re-search merged a new hit in front: b is now m003.
    const second = [material("m001", "new"), material("m002", "a"), material("m003", "b"), material("m004", "c")];
    expect([...checkedIds("s1", second)].sort()).toEqual(["m001", "m002", "m004"]);
  });

  it("checks everything for a session with no choice made, and keeps sessions apart", () => {
    const list = [material("m001", "a"), material("m002", "b")];
    expect([...checkedIds("s2", list)]).toEqual(["m001", "m002"]);
    rememberChoice("s3", list, new Set(["m001"]));
    expect([...checkedIds("s2", list)]).toEqual(["m001", "m002"]);
    rememberChoice("s3", list, new Set(["m001", "m002"]));
    expect([...checkedIds("s3", list)]).toEqual(["m001", "m002"]);
  });
});
