import type { Material } from "../../../../../shared/knowledge.js";
import { renumber } from "./materialPackage.js";

/**
 * The package in the model's order: the ids it ranked first (each once), then the ones it left
 * out in the code's order — the code ranking is the tie-breaker. Ids are renumbered m001 … in the
 * final order and `rank` is the 1-based place, so the card, the id and the order agree. With
 * `keepIds` (a package searched again) the ids stay: a material the user saw keeps its number.
 */
export function orderByRanking(materials: readonly Material[], ranking: readonly string[], { keepIds = false } = {}): Material[] {
  const byId = new Map(materials.map((m) => [m.id, m]));
  const seen = new Set<string>();
  const ordered: Material[] = [];
  for (const id of ranking) {
    const material = byId.get(id);
    if (!material || seen.has(id)) continue;
    seen.add(id);
    ordered.push(material);
  }
  for (const material of materials) if (!seen.has(material.id)) ordered.push(material);
  return withRanks(keepIds ? ordered : renumber(ordered));
}

/** `rank` = 1-based place in the list, from `start`. */
export function withRanks(materials: readonly Material[], start = 1): Material[] {
  return materials.map((m, i) => ({ ...m, rank: start + i }));
}
