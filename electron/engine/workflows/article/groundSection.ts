import type { Material } from "../../../../shared/knowledge.js";
import { checkClaims } from "../common/checkClaims.js";
import { splitSentences } from "../common/claimText.js";
import { citeSentence } from "./materialSentences.js";

const CITE = /\[(m\d{3}(?:\s*[,，、]\s*m\d{3})*)\]/g;

/** A section's prose sentences, each with the ids it cites and its claim (the sentence without them). */
function claimsOf(text: string, skip: string): Array<{ sentence: string; ids: string[]; claim: string }> {
  return splitSentences(text.split(skip).join(""))
    .map((sentence) => ({
      sentence,
      ids: [...sentence.matchAll(CITE)].flatMap((m) => m[1]!.split(/[,，、]/).map((id) => id.trim())),
      claim: sentence.replace(CITE, "").trim(),
    }))
    .filter((s) => /[\p{L}\p{N}]/u.test(s.claim));
}

/** The claim checker's verdicts (deterministic, no judge) for each sentence against the section's own materials. */
async function verdictsOf(claims: ReturnType<typeof claimsOf>, sources: ReadonlyArray<Pick<Material, "id" | "content">>, signal?: AbortSignal) {
  const evidence = sources.map((m) => ({ chunk_id: m.id, page: 0, text: m.content }));
  return checkClaims(
    claims.map((c, i) => ({ id: String(i), claim: c.claim, cited: c.ids })),
    evidence,
    signal ? { signal } : {},
  );
}

/**
 * The writer's sentences that one of the section's materials supports but that cite nothing get
 * that material's id (code cites, the claim checker decides): SmolLM2 restated its materials
 * without ids and every such section was thrown away as "cites no material". `skip`: code's own
 * text in the section (the no-material sentence), never cited.
 */
export async function citeSupported(
  text: string,
  sources: ReadonlyArray<Pick<Material, "id" | "content">>,
  skip: string,
  signal?: AbortSignal,
): Promise<string> {
  const uncited = claimsOf(text, skip).filter((c) => !c.ids.length);
  if (!uncited.length || !sources.length) return text;
  const verdicts = await verdictsOf(uncited, sources, signal);
  let out = text;
  uncited.forEach((c, i) => {
    const verdict = verdicts[i];
    if (verdict?.label !== "supported" || !verdict.evidence) return;
    // The sentence as written in the text (splitSentences collapses runs of spaces; such a sentence is left alone).
    if (out.includes(c.sentence)) out = out.replace(c.sentence, citeSentence(c.sentence, verdict.evidence.chunk_id));
  });
  return out;
}
