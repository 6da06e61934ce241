import { mulberry32 } from "../../fixtures/mulberry32.js";

/** A small deterministic PRNG (mulberry32), so a printed seed replays the same fault plan. */
export const seededRandom: (seed: number) => () => number = mulberry32;

/** Integer in [min, max] from a PRNG. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/**
 * The seed for this run: `CHAOS_SEED` when set (to replay a failure), else a fresh one.
 * Tests print it so any failure can be reproduced.
 */
export function chaosSeed(): number {
  const fromEnv = Number(process.env.CHAOS_SEED);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 1 + Math.floor(Math.random() * 2 ** 31);
}

/** A count from the environment (`CHAOS_<NAME>`), else the default; the chaos runner scales these up. */
export function chaosCount(name: string, fallback: number): number {
  const value = Number(process.env[`CHAOS_${name}`]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
