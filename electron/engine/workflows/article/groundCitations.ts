import type { Material } from "../../../../shared/knowledge.js";
import { checkClaims } from "../common/checkClaims.js";
import { splitSentences } from "../common/claimText.js";
import type { DraftSection } from "./draftMarkdown.js";

/** A draft sentence that cites materials none of which supports it. */
export interface UngroundedSentence {
  section: string;
  sentence: string;
  material_ids: string[];
}

const CITE = /\[(m\d{3}(?:\s*[,，、]\s*m\d{3})*)\]/g;

/**
 * Every sentence of the draft that cites `[mNNN]`, checked against the cited materials with the
 * claim checker (deterministic: its numbers and names must be in the material, and enough of its
 * content words; a grey-zone sentence counts as not grounded). A sentence citing only ids outside
 * the package is left to the citation filter.
 */
export async function ungroundedSentences(
  sections: readonly DraftSection[],
  materials: readonly Material[],
  signal?: AbortSignal,
): Promise<UngroundedSentence[]> {
  const byId = new Map(materials.map((m) => [m.id, m]));
  const cited: Array<UngroundedSentence & { claim: string }> = [];
  for (const section of sections) {
    for (const sentence of splitSentences(section.body)) {
      const ids = [...new Set([...sentence.matchAll(CITE)].flatMap((m) => m[1]!.split(/[,，、]/).map((id) => id.trim())))].filter((id) => byId.has(id));
      const claim = sentence.replace(CITE, "").trim();
      if (ids.length && claim) cited.push({ section: section.title, sentence: sentence.trim(), material_ids: ids, claim });
    }
  }
  if (!cited.length) return [];
  const evidence = [...byId.values()].map((m) => ({ chunk_id: m.id, page: 0, text: `${m.title}。${m.content}` }));
  const verdicts = await checkClaims(
    cited.map((c, i) => ({ id: String(i), claim: c.claim, cited: c.material_ids })),
    evidence,
    signal ? { signal } : {},
  );
  return cited.filter((_, i) => verdicts[i]?.label === "unsupported").map(({ section, sentence, material_ids }) => ({ section, sentence, material_ids }));
}
