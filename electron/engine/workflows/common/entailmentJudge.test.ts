import { describe, expect, it } from "vitest";
import type { LlmClient, RankChoicesOptions } from "../../llm/LlmClient.js";
import { checkClaims, type ClaimJudge } from "./checkClaims.js";
import { ENTAILMENT_ODDS, entailmentJudge, entailmentOdds } from "./entailmentJudge.js";

/** A client whose yes/no probabilities are given per claim ("N/A" is the content-free prior); null = no probabilities. */
function weighing(table: Record<string, number[] | null>, withRank = true): LlmClient & { asked: Array<{ passage: string; claim: string }> } {
  const asked: Array<{ passage: string; claim: string }> = [];
  const client: LlmClient & { asked: typeof asked } = {
    id: "weighing",
    asked,
    generateText: () => Promise.reject(new Error("not used")),
    generateStructured: () => Promise.reject(new Error("not used")),
    countTokens: () => Promise.resolve(0),
    contextTokens: () => Promise.resolve(2048),
  };
  if (withRank) {
    client.rankChoices = (options: RankChoicesOptions) => {
      const [, passage, claim] = /Passage: ([^\n]*)\nClaim: ([^\n]*)$/.exec(options.prompt)!;
      asked.push({ passage: passage!, claim: claim! });
      expect(options.choices).toEqual(["yes", "no"]);
      expect(options.answerCue).toBe("Supported:");
      return Promise.resolve(table[claim!] === undefined ? null : table[claim!]!);
    };
  }
  return client;
}

/** The JSON judge's stand-in: records that it was asked. */
function fallback(): ClaimJudge & { calls: string[] } {
  const calls: string[] = [];
  const judge = (async (claim, windows) => {
    calls.push(claim);
    return { supported: false, evidence_chunk_id: windows[0]!.chunk_id };
  }) as ClaimJudge & { calls: string[] };
  judge.calls = calls;
  return judge;
}

const WINDOWS = [
  { chunk_id: "c1", text: "Volunteers counted 1,240 swallows at the lake in May." },
  { chunk_id: "c2", text: "Ornithologists blame the decline on fewer insects." },
];

describe("entailmentJudge", () => {
  it("divides yes and no by the content-free prior, and passes a claim at even calibrated odds", async () => {
    expect(entailmentOdds([0.3, 0.3], [0.6, 0.2])).toBeCloseTo(1 / 3);
    expect(entailmentOdds([0.2, 0.1], [0.1, 0.1])).toBeCloseTo(2);
    expect(ENTAILMENT_ODDS).toBe(1);
    // Raw "yes" wins both times; against a prior that says yes 3 to 1 only the first one holds.
    const llm = weighing({ "N/A": [0.6, 0.2], "Swallows were counted in May.": [0.8, 0.1], "Swallows were counted in June.": [0.5, 0.4] });
    const judge = entailmentJudge(llm, fallback());
    expect(await judge("Swallows were counted in May.", WINDOWS)).toEqual({ supported: true, evidence_chunk_id: "c1" });
    expect(await judge("Swallows were counted in June.", WINDOWS)).toEqual({ supported: false, evidence_chunk_id: "c1" });
    // The prior is asked once per judge; each claim only on the passage closest in wording (the first).
    expect(llm.asked).toEqual([
      { passage: "N/A", claim: "N/A" },
      { passage: WINDOWS[0]!.text, claim: "Swallows were counted in May." },
      { passage: WINDOWS[0]!.text, claim: "Swallows were counted in June." },
    ]);
  });

  it("falls back to the JSON judge where the backend has no probabilities, or returns none", async () => {
    const none = fallback();
    expect(await entailmentJudge(weighing({}, false), none)("a claim", WINDOWS)).toEqual({ supported: false, evidence_chunk_id: "c1" });
    expect(none.calls).toEqual(["a claim"]);
    const noPrior = fallback();
    await entailmentJudge(weighing({ "N/A": null }), noPrior)("b claim", WINDOWS);
    expect(noPrior.calls).toEqual(["b claim"]);
    const noAnswer = fallback();
    await entailmentJudge(weighing({ "N/A": [0.5, 0.5] }), noAnswer)("c claim", WINDOWS);
    expect(noAnswer.calls).toEqual(["c claim"]);
  });

  it("decides checkClaims' grey zone and never overrules a changed number", async () => {
    const passage = "The rooftop array of 420 panels supplies roughly a third of the school's electricity. It was paid for by a municipal grant.";
    const evidence = [{ chunk_id: "p1", page: 1, text: passage }];
    const claims = [
      { id: "para", claim: "The city funded the array with a grant." },
      { id: "number", claim: "The rooftop array of 240 panels supplies a third of the school's electricity." },
      { id: "invented", claim: "A private donor paid for the panels." },
    ];
    // The model says yes to everything: code still refuses the changed number.
    const yes = weighing({ "N/A": [0.5, 0.5], [claims[0]!.claim]: [0.9, 0.1], [claims[1]!.claim]: [0.9, 0.1], [claims[2]!.claim]: [0.2, 0.8] });
    const verdicts = await checkClaims(claims, evidence, { judge: entailmentJudge(yes, fallback()) });
    expect(verdicts.map((v) => [v.id, v.label, v.reason])).toEqual([
      ["para", "supported", "judge_supported"],
      ["number", "unsupported", "anchor_missing"],
      ["invented", "unsupported", "judge_unsupported"],
    ]);
    expect(yes.asked.map((a) => a.claim)).not.toContain(claims[1]!.claim);
  });
});
