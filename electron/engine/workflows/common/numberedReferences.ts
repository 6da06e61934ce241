import type { Material } from "../../../../shared/knowledge.js";
import { citedIds } from "../../export/citationList.js";
import { referenceSection, toCsl } from "../../export/styledReferenceList.js";

/**
 * A generated document whose sections cite library passages as `[m001]`, turned into a GB/T 7714
 * numbered document: each cited work gets one number in order of first citation (two passages of
 * one paper share it), the markers become `[1]`, and the list follows as `## 参考文献` / `## References`.
 * A draft that cites nothing (a small model often does not) still lists the papers its sections
 * were written from, since they were its sources; other materials are listed only when cited.
 * Markers naming no material are dropped rather than left dangling.
 */
export function withNumberedReferences(markdown: string, materials: readonly Material[], locale: "zh" | "en"): string {
  if (materials.length === 0) return markdown;
  const byId = new Map(materials.map((m) => [m.id, m]));
  const cited = citedIds(markdown)
    .map((id) => byId.get(id))
    .filter((m): m is Material => m !== undefined);
  const listed = cited.length > 0 ? cited : materials.filter((m) => m.csl !== undefined && m.csl !== null);
  const numberOf = new Map<string, number>();
  const workNumber = new Map<string, number>();
  const works: Material[] = [];
  for (const m of listed) {
    const work = m.csl && typeof m.csl.id === "string" ? `csl:${m.csl.id}` : `material:${m.id}`;
    let n = workNumber.get(work);
    if (n === undefined) {
      works.push(m);
      n = works.length;
      workNumber.set(work, n);
    }
    numberOf.set(m.id, n);
  }
  const body = markdown.replace(/\[(m\d{3,})\]/g, (_all, id: string) => {
    const n = numberOf.get(id);
    return n === undefined ? "" : `[${n}]`;
  });
  return `${body.trimEnd()}\n${referenceSection(works.map(toCsl), locale, "gb-t-7714")}`;
}
