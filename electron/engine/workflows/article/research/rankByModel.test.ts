import { describe, expect, it } from "vitest";
import type { Material } from "../../../../../shared/knowledge.js";
import { ScriptedLlm } from "../../../testing/ScriptedLlm.js";
import { orderByRanking } from "./orderByRanking.js";
import { rankByModel } from "./rankByModel.js";

const material = (id: string, score: number): Material => ({ id, title: `T${id}`, content: `C${id}`, source: "s", published_at: null, relevance_score: score, source_type: "library", url: null, recUuid: id });
const pkg = [material("m001", 0.9), material("m002", 0.8), material("m003", 0.7)];

describe("the researcher's ranking call", () => {
  it("orders by the model, renumbers and ranks; ids it left out follow in code order (the tie-breaker)", () => {
    const ordered = orderByRanking(pkg, ["m003", "m003", "m001"]);
    expect(ordered.map((m) => [m.id, m.recUuid, m.rank])).toEqual([
      ["m001", "m003", 1],
      ["m002", "m001", 2],
      ["m003", "m002", 3],
    ]);
  });

  it("is one grammar-constrained call on the package's ids with one few-shot example", async () => {
    const llm = new ScriptedLlm({ replies: { "researcher.rank": { ranking: ["m002", "m001", "m003"] } } });
    const { materials, fallback } = await rankByModel({ llm }, "local models", pkg, "en");
    expect(fallback).toBe(false);
    expect(materials.map((m) => m.recUuid)).toEqual(["m002", "m001", "m003"]);
    const [call] = llm.callsFor("researcher", "rank");
    expect(call?.prompt).toContain("[m003] Tm003");
    expect(call?.prompt.match(/Example/g)).toHaveLength(1);
    // An id outside the package does not pass the schema the grammar is built from.
    const bad = new ScriptedLlm({ replies: { "researcher.rank": { ranking: ["m009"] } } });
    expect((await rankByModel({ llm: bad }, "x", pkg, "en")).fallback).toBe(true);
  });

  it("falls back to the code's order when the call fails, and makes no call for fewer than two materials", async () => {
    const llm = new ScriptedLlm({ replies: {} });
    const { materials, fallback } = await rankByModel({ llm }, "x", pkg, "zh");
    expect(fallback).toBe(true);
    expect(materials.map((m) => [m.id, m.rank])).toEqual([["m001", 1], ["m002", 2], ["m003", 3]]);
    const answering = new ScriptedLlm({ replies: { "researcher.rank": { ranking: ["m001"] } } });
    const single = await rankByModel({ llm: answering }, "x", pkg.slice(0, 1), "zh");
    expect(single).toMatchObject({ fallback: false, materials: [{ id: "m001", rank: 1 }] });
    expect(answering.calls).toHaveLength(0);
  });
});
