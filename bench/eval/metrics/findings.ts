import { binaryScores, type BinaryScores } from "./binary.js";

export interface LabelledViolation {
  line: number;
  rule: string;
  type: "mechanical" | "semantic";
}

export interface Finding {
  line: number;
  rule: string;
}

/**
 * Findings precision / recall per violation type. A finding matches a label with the same rule id
 * within ±`tolerance` lines (a model counting lines is often one off); each label is matched once.
 * A finding's type is its rule's type in the guide (`ruleTypes`); unknown rules count as semantic.
 */
export function findingScores(
  findings: readonly Finding[],
  labels: readonly LabelledViolation[],
  ruleTypes: ReadonlyMap<string, "mechanical" | "semantic">,
  tolerance = 1,
): Record<"mechanical" | "semantic" | "all", BinaryScores> {
  const out = {} as Record<"mechanical" | "semantic" | "all", BinaryScores>;
  for (const type of ["mechanical", "semantic", "all"] as const) {
    const truth = labels.filter((l) => type === "all" || l.type === type);
    const predicted = dedupe(findings).filter((f) => type === "all" || (ruleTypes.get(f.rule) ?? "semantic") === type);
    const used = new Set<number>();
    let tp = 0;
    for (const f of predicted) {
      const i = truth.findIndex((l, k) => !used.has(k) && l.rule === f.rule && Math.abs(l.line - f.line) <= tolerance);
      if (i >= 0) {
        used.add(i);
        tp++;
      }
    }
    const items = [
      ...Array.from({ length: tp }, () => ({ predicted: true, actual: true })),
      ...Array.from({ length: predicted.length - tp }, () => ({ predicted: true, actual: false })),
      ...Array.from({ length: truth.length - tp }, () => ({ predicted: false, actual: true })),
    ];
    out[type] = binaryScores(items);
  }
  return out;
}

function dedupe(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.line}:${f.rule}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Lines of the original a repair changed although no kept replacement covered them: an original
 * line that is gone from the result and appears in no replacement's `old` text. Must be 0.
 */
export function linesDamagedOutside(original: string, result: string, replacedOld: readonly string[]): number {
  const kept = new Set(result.split("\n"));
  const covered = replacedOld.join("\n");
  return original
    .split("\n")
    .filter((line) => line.trim() && !kept.has(line) && !covered.includes(line)).length;
}
