import { assembleDraft, splitDraft } from "./draftMarkdown.js";

/** Characters of draft one review call sees: a weak model's context is small. */
export const REVIEW_CHUNK_CHARS = 4000;
/** Most review calls per aspect; a longer draft's last part is cut (bounded in code). */
export const MAX_REVIEW_CHUNKS = 8;

export interface ReviewChunk {
  /** Markdown the reviewer sees: `# title` then whole `##` sections. */
  text: string;
  /** Characters of draft it covers, to weight its score. */
  chars: number;
}

/**
 * The whole draft, section by section, in chunks of whole sections of at most `REVIEW_CHUNK_CHARS`
 * (a section longer than that is cut), at most `MAX_REVIEW_CHUNKS` of them. A short draft is one chunk.
 */
export function reviewChunks(markdown: string, chunkChars = REVIEW_CHUNK_CHARS, maxChunks = MAX_REVIEW_CHUNKS): ReviewChunk[] {
  if (markdown.length <= chunkChars) return [{ text: markdown, chars: markdown.length }];
  const { title, sections } = splitDraft(markdown, "");
  const chunks: Array<{ sections: typeof sections; chars: number }> = [];
  for (const section of sections) {
    const body = section.body.length > chunkChars ? `${section.body.slice(0, chunkChars - 1)}…` : section.body;
    const size = section.title.length + body.length + 8;
    const last = chunks.at(-1);
    if (last && last.chars + size <= chunkChars) {
      last.sections.push({ ...section, body });
      last.chars += size;
    } else chunks.push({ sections: [{ ...section, body }], chars: size });
  }
  return chunks.slice(0, maxChunks).map((chunk) => ({ text: assembleDraft(title, chunk.sections), chars: chunk.chars }));
}

/** Merge per-chunk reviews of one aspect: the char-weighted mean score, every issue in order. */
export function mergeChunkReviews<I>(reviews: Array<{ score: number; issues: I[] }>, chunks: ReviewChunk[]): { score: number; issues: I[] } {
  const total = chunks.reduce((sum, c) => sum + c.chars, 0) || 1;
  const score = reviews.reduce((sum, review, i) => sum + review.score * (chunks[i]?.chars ?? 0), 0) / total;
  return { score: Math.round(score), issues: reviews.flatMap((review) => review.issues) };
}
