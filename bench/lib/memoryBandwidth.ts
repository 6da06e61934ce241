/**
 * Measured memory read bandwidth in bytes/s: sums a buffer far larger than the CPU caches.
 * Token generation on CPU reads every weight once per token, so bandwidth ÷ bytes-per-token is
 * the ceiling decode speed can approach; the benchmark prints the two side by side.
 */
export function measureReadBandwidth(options: { megabytes?: number; repeats?: number } = {}): number {
  const bytes = (options.megabytes ?? 512) * 1024 * 1024;
  const repeats = options.repeats ?? 5;
  const words = new BigUint64Array(bytes / 8);
  for (let i = 0; i < words.length; i += 4096) words[i] = BigInt(i);
  const view = new Float64Array(words.buffer);
  let best = Number.POSITIVE_INFINITY;
  let sink = 0;
  for (let r = 0; r < repeats; r++) {
    const start = process.hrtime.bigint();
    let acc = 0;
    // Unrolled by 8 so the loop is bound by loads, not by the loop counter.
    for (let i = 0; i < view.length; i += 8) {
      acc += view[i]! + view[i + 1]! + view[i + 2]! + view[i + 3]! + view[i + 4]! + view[i + 5]! + view[i + 6]! + view[i + 7]!;
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    sink += acc;
    best = Math.min(best, seconds);
  }
  if (Number.isNaN(sink)) throw new Error("unreachable");
  return bytes / best;
}
