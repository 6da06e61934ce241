import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ClaimVerdict } from "../../electron/engine/workflows/common/checkClaims.js";

/** One labelled claim about the fixture paper (tests/papers/paperPdf.ts `buildPaperPdf`). */
export interface LabelledClaim {
  id: string;
  claim: string;
  label: "supported" | "unsupported";
  /** paraphrase, changed_number, swapped_entity, invented, negation. */
  type: string;
}

export const CLAIMS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/papers/claims.jsonl");

export function loadClaimSet(): LabelledClaim[] {
  return fs
    .readFileSync(CLAIMS_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledClaim);
}

/** Precision and recall of the label "unsupported" (the positive class: a caught hallucination). */
export function unsupportedMetrics(set: LabelledClaim[], verdicts: ClaimVerdict[]): { precision: number; recall: number; tp: number; fp: number; fn: number } {
  const predicted = new Map(verdicts.map((v) => [v.id, v.label]));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const claim of set) {
    const unsupported = predicted.get(claim.id) === "unsupported";
    if (unsupported && claim.label === "unsupported") tp++;
    else if (unsupported) fp++;
    else if (claim.label === "unsupported") fn++;
  }
  return { precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: tp + fn === 0 ? 1 : tp / (tp + fn), tp, fp, fn };
}
