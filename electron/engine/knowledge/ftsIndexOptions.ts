import { Index } from "@lancedb/lancedb";
import { ScriptoriumError } from "../../../shared/errors.js";

/**
 * Stemming languages Lance accepts. Any other `language` value panics inside Rust and aborts the
 * whole process (try/catch cannot catch it), so only these ever reach `Index.fts`.
 */
export const FTS_LANGUAGES = [
  "Arabic", "Danish", "Dutch", "English", "Finnish", "French", "German", "Greek", "Hungarian",
  "Italian", "Norwegian", "Portuguese", "Romanian", "Russian", "Spanish", "Swedish", "Tamil", "Turkish",
] as const;
export type FtsLanguage = (typeof FTS_LANGUAGES)[number];

/**
 * The full-text index config: character bigrams, which find Chinese words (写作, 学习, 深度学习)
 * without a segmenter and still match English. Stemming and stop words are off: they operate on
 * words, not on bigrams.
 */
export function ftsIndex(language?: string): Index {
  if (language !== undefined && !(FTS_LANGUAGES as readonly string[]).includes(language)) {
    throw new ScriptoriumError("bad_request", `Unsupported full-text language "${language}".`, {
      allowed: FTS_LANGUAGES,
    });
  }
  return Index.fts({
    baseTokenizer: "ngram",
    ngramMinLength: 2,
    ngramMaxLength: 2,
    withPosition: false,
    lowercase: true,
    asciiFolding: true,
    stem: false,
    removeStopWords: false,
    ...(language ? { language } : {}),
  });
}

/**
 * Makes a user query safe for the FTS parser: quotes would turn it into a phrase query, which
 * needs positions the bigram index does not store.
 */
export function sanitizeFtsQuery(query: string): string {
  return query.replace(/["“”]/g, " ").replace(/\s+/g, " ").trim();
}
