/** One row of the method-vs-baseline table. */
export interface CompareRow {
  workflow: string;
  metric: string;
  method: number;
  baseline: number;
  /** false for error-like metrics (violations left, repetition …). */
  higherIsBetter: boolean;
}

export type Verdict = "yes" | "no" | "tie" | "n/a";

/** "method better?" with a tolerance: differences within `epsilon` are a tie; NaN on either side is n/a. */
export function verdict(row: Pick<CompareRow, "method" | "baseline" | "higherIsBetter">, epsilon = 0.01): Verdict {
  if (!Number.isFinite(row.method) || !Number.isFinite(row.baseline)) return "n/a";
  const diff = row.higherIsBetter ? row.method - row.baseline : row.baseline - row.method;
  if (Math.abs(diff) <= epsilon) return "tie";
  return diff > 0 ? "yes" : "no";
}

export function fmt(value: number): string {
  if (!Number.isFinite(value)) return "—";
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(3);
}

/** The table as markdown: workflow, metric, method, baseline, method better?. */
export function renderCompare(rows: readonly CompareRow[]): string {
  const lines = ["| workflow | metric | method | baseline | method better? |", "|---|---|---:|---:|---|"];
  for (const r of rows) lines.push(`| ${r.workflow} | ${r.metric}${r.higherIsBetter ? "" : " (lower is better)"} | ${fmt(r.method)} | ${fmt(r.baseline)} | ${verdict(r)} |`);
  // Not rows.map(verdict): map's index would land in verdict's epsilon.
  const decided = rows.map((r) => verdict(r)).filter((v) => v !== "n/a");
  lines.push("", `method better on ${decided.filter((v) => v === "yes").length} of ${decided.length} comparable metrics (ties ${decided.filter((v) => v === "tie").length}).`);
  return lines.join("\n");
}

/** Median of the finite values (NaN when none). */
export function median(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!finite.length) return Number.NaN;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
}

/** Spread of the finite values, max − min (NaN when none). */
export function spreadOf(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.length ? Math.max(...finite) - Math.min(...finite) : Number.NaN;
}

/**
 * N runs' compare rows (same rows in the same order each run) as one table: method and baseline as
 * median ± spread, the verdict on the medians, and each run's own verdict, so a row that flips
 * between runs reads as noise rather than as an effect.
 */
export function renderCompareRuns(runs: ReadonlyArray<readonly CompareRow[]>): string {
  if (runs.length <= 1) return renderCompare(runs[0] ?? []);
  const keyOf = (r: CompareRow) => `${r.workflow}\u0000${r.metric}`;
  const keys = [...new Set(runs.flatMap((rows) => rows.map(keyOf)))];
  const lines = [
    `| workflow | metric | method (median ± spread of ${runs.length}) | baseline (median ± spread) | method better? | per run |`,
    "|---|---|---:|---:|---|---|",
  ];
  const decided: Verdict[] = [];
  let flipped = 0;
  for (const key of keys) {
    const rows = runs.map((rs) => rs.find((r) => keyOf(r) === key));
    const first = rows.find((r): r is CompareRow => r !== undefined)!;
    const methods = rows.map((r) => r?.method ?? Number.NaN);
    const baselines = rows.map((r) => r?.baseline ?? Number.NaN);
    const row = { method: median(methods), baseline: median(baselines), higherIsBetter: first.higherIsBetter };
    const perRun = rows.map((r) => (r ? verdict(r) : "n/a"));
    const v = verdict(row);
    if (v !== "n/a") decided.push(v);
    const flips = new Set(perRun.filter((x) => x !== "n/a")).size > 1;
    if (flips) flipped++;
    const cell = (m: number, s: number) => `${fmt(m)} ± ${fmt(s)}`;
    lines.push(
      `| ${first.workflow} | ${first.metric}${first.higherIsBetter ? "" : " (lower is better)"} | ${cell(row.method, spreadOf(methods))} | ${cell(row.baseline, spreadOf(baselines))} | ${v} | ${perRun.join(" ")}${flips ? " (flips)" : ""} |`,
    );
  }
  lines.push(
    "",
    `method better on ${decided.filter((v) => v === "yes").length} of ${decided.length} comparable metrics on the medians (ties ${decided.filter((v) => v === "tie").length}); ${flipped} row(s) flip between runs.`,
  );
  return lines.join("\n");
}
