/** What every benchmark group returns: numeric metrics, and a reason for each one that could not run. */
export interface GroupResult {
  metrics: Record<string, number | null>;
  reasons: Record<string, string>;
  /** Context printed under the table (model shape, sample counts …). */
  notes: string[];
}

export interface BenchContext {
  quick: boolean;
  /** Scratch directory for generated models and data, removed at the end. */
  tmpDir: string;
  log: (line: string) => void;
}

export type BenchGroup = (ctx: BenchContext) => Promise<GroupResult>;

export function emptyResult(): GroupResult {
  return { metrics: {}, reasons: {}, notes: [] };
}

/** Mark every named metric as unable to run, with one reason. */
export function unavailable(names: string[], reason: string): GroupResult {
  const result = emptyResult();
  for (const name of names) {
    result.metrics[name] = null;
    result.reasons[name] = reason;
  }
  return result;
}
