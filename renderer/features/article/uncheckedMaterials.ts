import type { Material } from "../../../shared/knowledge.js";

/**
 * The materials a user unchecked at PAUSE-1, per session, by what they are rather than by id: a
 * re-search numbers the merged list afresh (m001 …), and a material the user set aside must stay
 * unchecked when it comes back under another id. Kept for the tab's life.
 */
const bySession = new Map<string, Set<string>>();

/** What a material is across re-searches: its record, else its address, else source and title. */
export function materialIdentity(m: Pick<Material, "recUuid" | "url" | "source" | "title">): string {
  return m.recUuid || m.url || `${m.source}\u0000${m.title}`;
}

/** The ids to show checked: every material except those set aside before. */
export function checkedIds(sessionId: string | null, materials: readonly Material[]): Set<string> {
  const unchecked = sessionId ? bySession.get(sessionId) : undefined;
  return new Set(materials.filter((m) => !unchecked?.has(materialIdentity(m))).map((m) => m.id));
}

/** Remember the current choice: the listed materials not in `selected` are set aside; others listed are not. */
export function rememberChoice(sessionId: string | null, materials: readonly Material[], selected: ReadonlySet<string>): void {
  if (!sessionId) return;
  const unchecked = bySession.get(sessionId) ?? new Set<string>();
  for (const m of materials) {
    if (selected.has(m.id)) unchecked.delete(materialIdentity(m));
    else unchecked.add(materialIdentity(m));
  }
  bySession.set(sessionId, unchecked);
}
