import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkClaims, type ClaimJudge, type EvidenceChunk } from "../../electron/engine/workflows/common/checkClaims.js";
import { anchorsOf, splitSentences } from "../../electron/engine/workflows/common/claimText.js";
import { loadClaimSet, unsupportedMetrics } from "./claimSet.js";
import { buildPaperPdf } from "./paperPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

let kit: PaperKit;
let evidence: EvidenceChunk[];
beforeAll(async () => {
  kit = paperKit();
  const { doc_id } = await kit.library.importFile(kit.write("sparse.pdf", await buildPaperPdf()));
  evidence = kit.library.repo
    .chunks(doc_id)
    .filter((c) => c.kind !== "reference")
    .map((c) => ({ chunk_id: c.id, page: c.page, text: c.text }));
});
afterAll(() => kit.close());

describe("claim checker", () => {
  it("holds precision ≥ 0.9 and recall ≥ 0.8 of 'unsupported' on the labelled set, deterministic only (--judge none)", async () => {
    const set = loadClaimSet();
    expect(new Set(set.map((c) => c.type))).toEqual(new Set(["paraphrase", "paraphrase_zh", "changed_number", "swapped_entity", "invented", "negation"]));
    const verdicts = await checkClaims(set, evidence);
    const metrics = unsupportedMetrics(set, verdicts);
    expect(metrics.precision).toBeGreaterThanOrEqual(0.9);
    expect(metrics.recall).toBeGreaterThanOrEqual(0.8);
    // Every changed number and invented statement is caught by its anchors.
    for (const verdict of verdicts.filter((v) => /^[ni]\d/.test(v.id))) expect(verdict.label, verdict.claim).toBe("unsupported");
    for (const verdict of verdicts) {
      const chunk = evidence.find((e) => e.chunk_id === verdict.evidence?.chunk_id);
      expect(chunk?.page).toBe(verdict.evidence?.page);
    }
  });

  it("names the missing anchors and never asks the judge about them", async () => {
    let judged = 0;
    const judge: ClaimJudge = async () => {
      judged++;
      return { supported: true, evidence_chunk_id: evidence[0]!.chunk_id };
    };
    const [verdict] = await checkClaims([{ id: "x", claim: "SparseRoute reaches 97.5% accuracy on ImageNet." }], evidence, { judge });
    expect(verdict).toMatchObject({ label: "unsupported", reason: "anchor_missing" });
    expect(verdict!.missing).toEqual(["97.5", "imagenet"]);
    expect(judged).toBe(0);
  });

  it("judges only the grey-zone claims, up to `concurrency` at once, verdicts in claim order", async () => {
    const claims = [
      { id: "g1", claim: "The router is trained with reinforcement learning." },
      { id: "d1", claim: "SparseRoute reaches 97.5% accuracy on ImageNet." },
      { id: "g2", claim: "The experts are trained with reinforcement learning." },
      { id: "g3", claim: "The router is tuned with reinforcement learning." },
      { id: "g4", claim: "The encoder is trained with reinforcement learning." },
    ];
    const grey = (await checkClaims(claims, evidence)).filter((v) => v.reason === "grey_zone").map((v) => v.id);
    expect(grey.length).toBeGreaterThanOrEqual(3);
    for (const concurrency of [1, 2]) {
      let inFlight = 0;
      let most = 0;
      const judged: string[] = [];
      const judge: ClaimJudge = async (claim, windows) => {
        inFlight++;
        most = Math.max(most, inFlight);
        // Yield several turns so every lane that can start does start before this one ends.
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        judged.push(claim);
        return { supported: claim.includes("router"), evidence_chunk_id: windows[0]!.chunk_id };
      };
      const verdicts = await checkClaims(claims, evidence, { judge, concurrency });
      expect(verdicts.map((v) => v.id)).toEqual(claims.map((c) => c.id));
      expect(judged).toHaveLength(grey.length); // the deterministic verdicts never reach the judge
      expect(verdicts.find((v) => v.id === "d1")).toMatchObject({ label: "unsupported", reason: "anchor_missing" });
      expect(most).toBe(concurrency);
      for (const id of grey) expect(verdicts.find((v) => v.id === id)!.reason).toMatch(/^judge_/);
    }
  });

  it("lets the judge decide the grey zone, but only with a chunk it was shown", async () => {
    const grey = { id: "g", claim: "The router is trained with reinforcement learning." };
    const seen: string[][] = [];
    const valid: ClaimJudge = async (_claim, windows) => {
      seen.push(windows.map((w) => w.chunk_id));
      return { supported: true, evidence_chunk_id: windows[0]!.chunk_id };
    };
    const [ok] = await checkClaims([grey], evidence, { judge: valid });
    expect(ok).toMatchObject({ label: "supported", reason: "judge_supported" });
    expect(seen[0]).toContain(ok!.evidence!.chunk_id);
    expect(seen[0]!.length).toBeLessThanOrEqual(3);

    const invented: ClaimJudge = async () => ({ supported: true, evidence_chunk_id: "p000000000000:999" });
    const [refused] = await checkClaims([grey], evidence, { judge: invented });
    expect(refused).toMatchObject({ label: "unsupported", reason: "judge_bad_evidence" });

    const no: ClaimJudge = async (_c, windows) => ({ supported: false, evidence_chunk_id: windows[0]!.chunk_id });
    expect((await checkClaims([grey], evidence, { judge: no }))[0]).toMatchObject({ label: "unsupported", reason: "judge_unsupported" });
    const failing: ClaimJudge = async () => {
      throw new Error("model crashed");
    };
    expect((await checkClaims([grey], evidence, { judge: failing }))[0]).toMatchObject({ label: "unsupported", reason: "grey_zone" });
    // Without a judge the grey claim is not passed.
    expect((await checkClaims([grey], evidence))[0]).toMatchObject({ label: "unsupported", reason: "grey_zone" });
  });

  it("checks a claim only against the chunks it cites when it cites known ones", async () => {
    const layers = evidence.find((e) => e.text.includes("12 attention layers"))!;
    const other = evidence.find((e) => e.text.includes("learning rate"))!;
    const claim = "The encoder uses 12 attention layers.";
    expect((await checkClaims([{ id: "a", claim, cited: [layers.chunk_id] }], evidence))[0]!.label).toBe("supported");
    expect((await checkClaims([{ id: "b", claim, cited: [other.chunk_id] }], evidence))[0]!.label).toBe("unsupported");
    // Unknown cited ids are ignored: the whole evidence counts.
    expect((await checkClaims([{ id: "c", claim, cited: ["nope"] }], evidence))[0]!.label).toBe("supported");
    expect((await checkClaims([{ id: "d", claim }], []))[0]).toMatchObject({ label: "unsupported", reason: "no_evidence", evidence: null });
  });

  it("splits Chinese and English sentences and extracts hard anchors", () => {
    expect(splitSentences("模型很快。It uses 12 layers (Fig. 2). 准确率为 91.3%！\n\nSecond paragraph.")).toEqual([
      "模型很快。",
      "It uses 12 layers (Fig. 2).",
      "准确率为 91.3%！",
      "Second paragraph.",
    ]);
    expect(anchorsOf("SparseRoute uses eight GPUs and 1,000 steps on \"DocBench v2\".")).toEqual({
      numbers: ["8", "1000"],
      names: ["sparseroute", "gpus", "docbench", "v2"],
      quotes: ["docbench v2"],
    });
    expect(anchorsOf("模型在 DocBench 上用了八个专家").names).toEqual(["docbench"]);
    expect(anchorsOf("模型在 DocBench 上用了八个专家").numbers).toEqual(["8"]);
  });
});
