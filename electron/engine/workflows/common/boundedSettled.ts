/**
 * Concurrent work bounded by a limit (the LLM sequence pool's size): runs `work` over `items` with
 * at most `limit` in flight, lets every started item settle — so finished sections still reach the
 * cache when one fails — then throws the first failure, else returns the results in input order.
 */
export async function boundedSettled<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  const failures: unknown[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  const lanes = Math.max(1, Math.min(Math.trunc(limit) || 1, items.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failures.length) throw failures[0];
  signal?.throwIfAborted();
  return results;
}
