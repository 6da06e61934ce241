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
