import { cpus } from "node:os";

/**
 * Threads to give llama.cpp: one per schedulable CPU the OS reports, at least 1.
 *
 * Why not halve for SMT: on small VMs each vCPU is already a whole scheduling unit, and halving
 * a 2-vCPU machine to 1 thread wastes half of it. Why not the library default: node-llama-cpp's
 * `max(cpuMathCores, 4)` oversubscribes 2 vCPUs and its spin-waiting threads made generation
 * orders of magnitude slower (shared/notes/local-stack.md §1.10).
 */
export function physicalCoreCount(): number {
  return Math.max(1, cpus().length);
}

/** Settings' `threads: 0` means "physical core count"; anything else is taken as given. */
export function resolveThreads(threads: number | undefined): number {
  return threads && threads > 0 ? Math.floor(threads) : physicalCoreCount();
}
