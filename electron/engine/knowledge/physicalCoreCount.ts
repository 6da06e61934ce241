import os from "node:os";

/**
 * Threads to give llama.cpp. `os.cpus().length` rather than half of `availableParallelism()`:
 * on small VMs each vCPU is a real core, and the library default (max(cores, 4), 6 for embedding
 * contexts) oversubscribes 2 vCPUs by orders of magnitude.
 */
export function physicalCoreCount(): number {
  return Math.max(1, os.cpus().length);
}
