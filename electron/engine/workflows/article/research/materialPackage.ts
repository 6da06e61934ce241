import type { Material } from "../../../../../shared/knowledge.js";

/** Limits of one material package: weak models get short inputs. */
export interface PackageBudget {
  /** Most materials kept in one package (or added by one re-search); default 12. */
  maxMaterials: number;
  /** Most content characters kept in total; default 6000. */
  maxChars: number;
  /** Most characters of one material's content; default 500 (MaterialSchema's bound). */
  maxCharsPerMaterial: number;
}

export const DEFAULT_BUDGET: PackageBudget = { maxMaterials: 12, maxChars: 6000, maxCharsPerMaterial: 500 };

/** The identity used to de-duplicate hits: the provider's record id, else the url, else title + opening. */
export function materialKey(material: Material): string {
  if (material.recUuid) return `rec:${material.source_type}:${material.recUuid}`;
  if (material.url) return `url:${material.url.trim().toLowerCase()}`;
  const squash = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
  return `text:${squash(material.title)}|${squash(material.content).slice(0, 120)}`;
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * Merge the hit lists of several queries into a ranked, de-duplicated, budgeted package.
 * Rank: best relevance first, then materials found by more queries, then first-seen order.
 * `exclude` holds the keys of materials already in the package (a re-search only adds new ones).
 * Ids are left as the providers gave them; `renumber` assigns session ids.
 */
export function rankMaterials(hitLists: Material[][], budget: PackageBudget = DEFAULT_BUDGET, exclude: ReadonlySet<string> = new Set()): Material[] {
  const merged = new Map<string, { material: Material; hits: number; order: number }>();
  let order = 0;
  for (const hits of hitLists) {
    for (const material of hits) {
      const key = materialKey(material);
      if (exclude.has(key)) continue;
      const known = merged.get(key);
      if (!known) merged.set(key, { material, hits: 1, order: order++ });
      else {
        known.hits += 1;
        if (material.relevance_score > known.material.relevance_score) known.material = material;
      }
    }
  }
  const ranked = [...merged.values()].sort(
    (a, b) => b.material.relevance_score - a.material.relevance_score || b.hits - a.hits || a.order - b.order,
  );
  const kept: Material[] = [];
  let chars = 0;
  for (const { material } of ranked) {
    if (kept.length >= budget.maxMaterials) break;
    const content = cut(material.content, budget.maxCharsPerMaterial);
    if (chars + content.length > budget.maxChars) continue;
    chars += content.length;
    kept.push({ ...material, content, title: cut(material.title, 300) });
  }
  return kept;
}

/**
 * Give materials session ids m001, m002 … continuing after the highest id already used. With
 * `keepKnown`, a material that is one of `existing` (same `materialKey`) keeps its id: a package
 * searched again names what the user already saw as before.
 */
export function renumber(materials: Material[], existing: Material[] = [], { keepKnown = false } = {}): Material[] {
  let next = existing.reduce((max, m) => Math.max(max, Number(/^m(\d+)$/.exec(m.id)?.[1] ?? 0)), 0);
  const known = new Map(keepKnown ? existing.map((m) => [materialKey(m), m.id]) : []);
  return materials.map((material) => ({ ...material, id: known.get(materialKey(material)) ?? `m${String(++next).padStart(3, "0")}` }));
}

/** One line per material for prompts: id, title and the opening of its content. */
export function materialDigest(material: Material, chars = 120): string {
  const opening = material.content.replace(/\s+/g, " ").trim();
  return `[${material.id}] ${material.title} — ${cut(opening, chars)}`;
}
