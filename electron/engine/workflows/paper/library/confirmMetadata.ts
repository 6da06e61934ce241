import { z } from "zod";
import type { LlmClient } from "../../../llm/LlmClient.js";
import type { HeuristicMetadata } from "./parsePaper.js";

export const MetadataCheckSchema = z.object({
  title: z.string().max(300).describe("The paper's title exactly as printed"),
  authors: z.array(z.string().max(80)).max(20).describe("Author names as printed, without affiliations"),
  year: z.number().int().min(1900).max(2100).nullable().describe("Publication year, or null"),
});

const SYSTEM =
  "You are a bibliographic metadata checker. Your only task: read the first page of a paper and return its title, authors and year as JSON. Copy text exactly as printed; never invent.";

/** Whitespace- and case-insensitive containment, so a title split over lines still matches. */
function appearsIn(needle: string, haystack: string): boolean {
  const norm = (text: string) => text.normalize("NFKC").toLowerCase().replace(/[\s\p{P}]+/gu, "");
  const n = norm(needle);
  return n.length > 0 && norm(haystack).includes(n);
}

/**
 * One grammar-constrained call confirms (or corrects) the layout heuristics. The model's answer is
 * only taken where it can be found on the first page: a title, an author or a year the page does
 * not contain is ignored and the heuristic kept. Any failure keeps the heuristics.
 */
export async function confirmMetadata(
  llm: LlmClient,
  firstPage: string,
  heuristic: HeuristicMetadata,
  signal?: AbortSignal,
): Promise<HeuristicMetadata & { confirmed: boolean }> {
  const excerpt = firstPage.slice(0, 1500);
  try {
    const { value } = await llm.generateStructured({
      system: SYSTEM,
      prompt:
        `First page:\n"""\n${excerpt}\n"""\n\nA layout guess: ${JSON.stringify({ title: heuristic.title, authors: heuristic.authors, year: heuristic.year })}\n` +
        `Correct it if wrong. Example output: {"title":"Attention Is All You Need","authors":["Ashish Vaswani","Noam Shazeer"],"year":2017}`,
      schema: MetadataCheckSchema,
      tag: { role: "paper", step: "metadata" },
      temperature: 0,
      maxTokens: 300,
      maxAttempts: 2,
      ...(signal ? { signal } : {}),
    });
    const title = value.title && appearsIn(value.title, excerpt) ? value.title.trim() : heuristic.title;
    const authors = value.authors.filter((author) => appearsIn(author, excerpt));
    const year = value.year !== null && excerpt.includes(String(value.year)) ? value.year : heuristic.year;
    return { ...heuristic, title, authors: authors.length > 0 ? authors : heuristic.authors, year, confirmed: true };
  } catch {
    return { ...heuristic, confirmed: false };
  }
}
