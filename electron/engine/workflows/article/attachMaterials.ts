import type { Material } from "../../../../shared/knowledge.js";
import type { Outline } from "../../../../shared/workflows/article.js";

/** Words of a text for matching: lower-cased Latin words, and CJK runs as character pairs (Chinese has no spaces). */
function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const run of text.toLowerCase().match(/[a-z0-9]{2,}|[\u3400-\u9fff]+/g) ?? []) {
    if (/^[a-z0-9]/.test(run)) words.add(run);
    else if (run.length === 1) words.add(run);
    else for (let i = 0; i + 1 < run.length; i++) words.add(run.slice(i, i + 2));
  }
  return words;
}

/**
 * A model outline that cites no material anywhere although the user approved some (weak models often
 * leave every `material_ids` empty) would make every section say it has nothing to cite. Each approved
 * material then goes to the section whose title and points share most words with it, a tie or no shared
 * word to the section with the fewest so far, so the material the user chose is still written from.
 * An outline that cites any material is the model's (or the user's) choice and stays as it is.
 */
export function attachMaterials(outline: Outline, approved: readonly Material[]): { outline: Outline; attached: boolean } {
  if (!approved.length || !outline.sections.length || outline.sections.some((s) => s.material_ids.length > 0)) return { outline, attached: false };
  const sectionWords = outline.sections.map((s) => wordsOf([s.section_title, ...s.key_points].join(" ")));
  const ids: string[][] = outline.sections.map(() => []);
  for (const material of approved) {
    const words = wordsOf(`${material.title} ${material.content}`);
    let best = 0;
    let bestScore = -1;
    sectionWords.forEach((own, index) => {
      let shared = 0;
      for (const w of own) if (words.has(w)) shared++;
      // More shared words wins; on a tie, the section with fewer materials (spreads them out).
      if (shared > bestScore || (shared === bestScore && ids[index]!.length < ids[best]!.length)) {
        best = index;
        bestScore = shared;
      }
    });
    ids[best]!.push(material.id);
  }
  return { outline: { ...outline, sections: outline.sections.map((s, i) => ({ ...s, material_ids: ids[i]!.slice(0, 20) })) }, attached: true };
}
