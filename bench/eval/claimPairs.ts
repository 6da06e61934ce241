/**
 * `npx tsx bench/eval/claimPairs.ts [--set claims-tuning.jsonl] [--model gemma|smollm2|<path.gguf>] [--misses]`
 * The claim checker alone on a claim-pair set: each claim against its own passage, code only and,
 * with `--model`, with the engine's entailment judge on the real model (one llama.cpp thread
 * unless SCRIPTORIUM_REAL_THREADS says otherwise). No paper is imported, so a run over the tuning
 * set takes seconds code only. `--misses` lists each wrong verdict with its reason; it is refused
 * on the held-out `claims-pairs.jsonl`, whose items are not to be read while tuning.
 */
import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { checkClaims, type ClaimJudge, type ClaimVerdict } from "../../electron/engine/workflows/common/checkClaims.js";
import { llmClaimJudge } from "../../electron/engine/workflows/paper/library/llmClaimJudge.js";
import { realThreads } from "../../tests/realModel/realModelPath.js";
import { createEvalEngine } from "./evalEngine.js";
import { binaryScores } from "./metrics/binary.js";
import { findRealModel, NOT_RUN_HINT } from "./realModel.js";
import { loadClaimPairs, type ClaimPair } from "./sets.js";

const HELD_OUT = "claims-pairs.jsonl";

async function verdictsOf(pairs: ClaimPair[], judge?: ClaimJudge): Promise<ClaimVerdict[]> {
  const verdicts: ClaimVerdict[] = [];
  for (const pair of pairs) {
    const evidence = [{ chunk_id: pair.passage_id, page: 1, text: pair.passage }];
    const [verdict] = await checkClaims([{ id: pair.id, claim: pair.claim }], evidence, judge ? { judge } : {});
    verdicts.push(verdict!);
  }
  return verdicts;
}

function report(name: string, pairs: ClaimPair[], verdicts: ClaimVerdict[], misses: boolean): void {
  const scores = binaryScores(pairs.map((pair, i) => ({ predicted: verdicts[i]!.label === "unsupported", actual: pair.label === "unsupported" })));
  process.stdout.write(`${name}: unsupported precision ${scores.precision.toFixed(3)} recall ${scores.recall.toFixed(3)} (tp ${scores.tp} fp ${scores.fp} fn ${scores.fn})\n`);
  if (!misses) return;
  pairs.forEach((pair, i) => {
    const v = verdicts[i]!;
    if (v.label !== pair.label) process.stdout.write(`  ${pair.id} [${pair.type}] ${pair.label} judged ${v.label} (${v.reason}, coverage ${v.coverage}): ${pair.claim}\n`);
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { set: { type: "string", default: "claims-tuning.jsonl" }, model: { type: "string" }, misses: { type: "boolean", default: false } } });
  if (values.misses && values.set === HELD_OUT) {
    process.stderr.write(`claimPairs: --misses is refused on the held-out ${HELD_OUT}\n`);
    return 2;
  }
  const pairs = loadClaimPairs(values.set);
  report(`${values.set} code only`, pairs, await verdictsOf(pairs), values.misses);
  if (!values.model) return 0;
  const modelPath = findRealModel(process.env, values.model);
  if (!modelPath) {
    process.stdout.write(`NOT RUN: the real model "${values.model}" is not on this machine; ${NOT_RUN_HINT}\n`);
    return 0;
  }
  const dir = fs.mkdtempSync(path.join(tmpdir(), "scriptorium-claim-pairs-"));
  const ee = await createEvalEngine(path.join(dir, "data"), modelPath, { contextSize: 4096, sequences: 2, threads: realThreads() });
  try {
    report(`${values.set} judge ${path.basename(modelPath)}`, pairs, await verdictsOf(pairs, llmClaimJudge(ee.llm)), values.misses);
  } finally {
    await ee.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return 0;
}

process.exitCode = await main();
