import type { CompareRow } from "./metrics/compare.js";

/** What one workflow's evaluation returns. */
export interface EvalSection {
  /** Figures of the method (and `baseline.*` where measured), NaN when not measured. */
  metrics: Record<string, number>;
  compare: CompareRow[];
  notes: string[];
  /** Extra text for the report (a confusion matrix …). */
  text?: string;
}

export interface EvalContext {
  quick: boolean;
  /** `--items N`: at most N items per section (spread over labels), whatever the mode. */
  items?: number;
  tmpDir: string;
  log: (line: string) => void;
  /** Context the model runs with (the baseline truncates the paper to it). */
  contextSize: number;
}

export const mean = (values: readonly number[]): number => {
  const finite = values.filter(Number.isFinite);
  return finite.length ? finite.reduce((a, b) => a + b, 0) / finite.length : Number.NaN;
};

/** Every `k`-th item, so a quick run still spans each label / paper / locale. */
export function spread<T>(items: readonly T[], count: number, key: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  const out: T[] = [];
  for (let i = 0; out.length < Math.min(count, items.length); i++) {
    for (const group of groups.values()) if (group[i] !== undefined && out.length < count) out.push(group[i]!);
  }
  return out;
}

/** The items a section runs: `--items`, else the quick count, else all. */
export function pick<T>(ctx: EvalContext, items: readonly T[], quickCount: number, key: (item: T) => string): T[] {
  if (ctx.items !== undefined) return spread(items, ctx.items, key);
  return ctx.quick ? spread(items, quickCount, key) : [...items];
}
