/**
 * Measure two variants interleaved (A B A B …) and compare medians, so a noisy machine — a
 * background job, thermal throttling, a second tenant — hits both variants alike instead of
 * faking a speed-up.
 */
export interface SideBySideResult {
  medianA: number;
  medianB: number;
  /** medianA / medianB: > 1 means A scored higher (for throughput metrics, A is faster). */
  ratio: number;
  samplesA: number[];
  samplesB: number[];
}

export async function sideBySide(
  rounds: number,
  runA: () => Promise<number>,
  runB: () => Promise<number>,
): Promise<SideBySideResult> {
  const samplesA: number[] = [];
  const samplesB: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which variant goes first so warm-up effects do not favour one side.
    if (round % 2 === 0) {
      samplesA.push(await runA());
      samplesB.push(await runB());
    } else {
      samplesB.push(await runB());
      samplesA.push(await runA());
    }
  }
  const medianA = median(samplesA);
  const medianB = median(samplesB);
  return { medianA, medianB, ratio: medianB === 0 ? Number.NaN : medianA / medianB, samplesA, samplesB };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}
