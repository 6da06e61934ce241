import {
  anchorsOf,
  contentTokens,
  flipsDirection,
  hanChars,
  hasName,
  holdsNumber,
  isNegated,
  normalize,
  numberBounds,
  numbersOf,
  numberUnits,
  polarityDiffers,
  type NumberBound,
  splitSentences,
  stemOf,
  isStopWord,
  widensQuantifier,
} from "./claimText.js";
import { entailedStems, rivalStems } from "./wordNet.js";

/** A retrieved chunk a claim may rest on. */
export interface EvidenceChunk {
  chunk_id: string;
  page: number;
  text: string;
}

export interface ClaimInput {
  id: string;
  claim: string;
  /** Chunk ids the claim cites; when given (and known), only they count as evidence. */
  cited?: string[];
}

export type ClaimLabel = "supported" | "unsupported";

/** Why a verdict was reached: `judge_*` came from the model, the rest from code. */
export type ClaimReason =
  | "covered"
  | "anchor_missing"
  | "negation"
  | "direction"
  | "quantifier"
  | "swapped"
  | "low_coverage"
  | "grey_zone"
  | "judge_supported"
  | "judge_unsupported"
  | "judge_bad_evidence"
  | "no_evidence";

export interface ClaimVerdict {
  id: string;
  claim: string;
  label: ClaimLabel;
  /** The chunk the verdict rests on (the closest one when unsupported); null without evidence. */
  evidence: { page: number; chunk_id: string } | null;
  reason: ClaimReason;
  /** Share of the claim's content tokens found in the best evidence window, 0..1. */
  coverage: number;
  /** Anchors (numbers, names, quotes) found in no evidence chunk. */
  missing: string[];
}

/** The grey-zone judge: one grammar-constrained call per claim over its best windows. */
export type ClaimJudge = (
  claim: string,
  windows: Array<{ chunk_id: string; text: string }>,
  signal?: AbortSignal,
) => Promise<{ supported: boolean; evidence_chunk_id: string }>;

/**
 * Thresholds on lexical coverage (calibrated on tests/fixtures/papers/claims.jsonl and
 * bench/eval/sets/papers/claims.jsonl, never on bench/eval/sets/claims-pairs.jsonl). Between them
 * the judge decides. Wording alone cannot split that band: "the router is trained with
 * reinforcement learning" shares as much with its passage as a true paraphrase does.
 */
export const COVERAGE = { supported: 0.6, unsupported: 0.25 } as const;
const WINDOW_SENTENCES = 3;
const CLAUSE_BREAK = /[;；,，:：]|\b(?:but|while|whereas|although|so that)\b/;
const JUDGE_WINDOWS = 3;
const LEXICAL_WINDOWS = 6;
const JUDGE_WINDOW_CHARS = 400;

interface Window {
  chunk: EvidenceChunk;
  text: string;
  normalized: string;
  tokens: Set<string>;
  chars: Set<string>;
  sentences: string[];
  size: number;
  /** What its English words entail in WordNet, filled for the windows closest in wording only. */
  entailed?: Set<string>;
}

function windowsOf(chunk: EvidenceChunk): Window[] {
  const sentences = splitSentences(chunk.text);
  const windows: Window[] = [];
  for (let start = 0; start < sentences.length; start++) {
    for (let size = 1; size <= WINDOW_SENTENCES && start + size <= sentences.length; size++) {
      const parts = sentences.slice(start, start + size);
      const text = parts.join(" ");
      windows.push({ chunk, text, normalized: normalize(text), tokens: contentTokens(text), chars: hanChars(text), sentences: parts, size });
    }
  }
  return windows;
}

/**
 * Share of the claim's content tokens in the window. A Chinese paraphrase re-pairs characters
 * (有机肥让春茶增产 for 施用有机肥的地块春茶产量高出), so its bigram share is averaged with its share
 * of single characters.
 */
function coverageOf(claimTokens: Set<string>, claimChars: Set<string>, window: Window, lexical = false): number {
  if (claimTokens.size === 0) return 0;
  const entailed = lexical ? entailedBy(window) : undefined;
  let found = 0;
  for (const token of claimTokens) if (window.tokens.has(token) || entailed?.has(token)) found++;
  const tokens = found / claimTokens.size;
  if (claimChars.size < 4) return tokens;
  let chars = 0;
  for (const char of claimChars) if (window.chars.has(char)) chars++;
  return (tokens + chars / claimChars.size) / 2;
}

/** Stems of every English word the window's words entail in WordNet (synonyms, hypernyms, derivations), once per window. */
function entailedBy(window: Window): Set<string> {
  if (!window.entailed) {
    window.entailed = new Set();
    for (const word of window.normalized.match(/[a-z][a-z\-]+/g) ?? []) for (const stem of entailedStems(word)) window.entailed.add(stem);
  }
  return window.entailed;
}

/**
 * Checks claims against evidence chunks, deterministic first, so a judge model cannot overrule a missing fact:
 * 1. every hard anchor (number with its unit or scale, Latin name, quoted string) must occur in
 *    the evidence — a bound ("more than 100 hives") on its side — a missing one makes the claim
 *    unsupported, whatever a judge would say;
 * 2. lexical coverage of the claim's content tokens over windows of up to three sentences, English
 *    words also found through what the window's words entail in WordNet (closest windows only);
 * 3. a claim whose polarity (negated or not) differs clause by clause from its evidence, which
 *    flips a direction, says "all" where the evidence does not, or swaps a word for its antonym or
 *    sibling is unsupported;
 * 4. a number must sit in one evidence sentence with the other anchors of its clause ("91.3% on
 *    LongQA" is not "91.3% on DocBench … also LongQA"), else the claim is grey at best;
 * 5. supported when coverage ≥ 0.6 and numbers are bound; unsupported below 0.25; in between (the
 *    grey zone) the judge decides — its evidence id must be one of the chunks it was shown,
 *    checked here — and without a judge a grey claim counts as unsupported.
 */
export async function checkClaims(
  claims: ClaimInput[],
  evidence: EvidenceChunk[],
  options: { judge?: ClaimJudge; signal?: AbortSignal; concurrency?: number } = {},
): Promise<ClaimVerdict[]> {
  const windowsByChunk = new Map(evidence.map((chunk) => [chunk.chunk_id, windowsOf(chunk)]));
  // Every claim's deterministic checks first; the grey-zone ones leave a judge call to make.
  const decided = claims.map((input) => {
    const cited = (input.cited ?? []).filter((id) => windowsByChunk.has(id));
    const pool = cited.length > 0 ? cited : [...windowsByChunk.keys()];
    const windows = pool.flatMap((id) => windowsByChunk.get(id)!);
    return checkOne(input, windows, pool, options);
  });
  const verdicts: ClaimVerdict[] = new Array<ClaimVerdict>(decided.length);
  const pending: number[] = [];
  decided.forEach((entry, i) => (typeof entry === "function" ? pending.push(i) : (verdicts[i] = entry)));
  // The judge calls run at once up to `concurrency` (the LLM's sequence pool), results in claim order.
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < pending.length) {
      const index = pending[next++]!;
      verdicts[index] = await (decided[index] as () => Promise<ClaimVerdict>)();
    }
  };
  const lanes = Math.max(1, Math.min(Math.trunc(options.concurrency ?? 1) || 1, pending.length));
  await Promise.all(Array.from({ length: pending.length === 0 ? 0 : lanes }, lane));
  options.signal?.throwIfAborted();
  return verdicts;
}

/** The verdict when code can decide it, else the grey-zone judge call that will. */
function checkOne(
  input: ClaimInput,
  windows: Window[],
  pool: string[],
  options: { judge?: ClaimJudge; signal?: AbortSignal },
): ClaimVerdict | (() => Promise<ClaimVerdict>) {
  const base = { id: input.id, claim: input.claim };
  if (windows.length === 0) return { ...base, label: "unsupported", evidence: null, reason: "no_evidence", coverage: 0, missing: [] };
  const anchors = anchorsOf(input.claim);
  const anchorCount = anchors.numbers.length + anchors.names.length + anchors.quotes.length;
  // A number the claim writes with a unit must appear in the evidence with that unit.
  const claimUnits = numberUnits(normalize(input.claim)).filter((entry) => entry.unit >= 0);
  const bounds = numberBounds(normalize(input.claim));
  const holdsAnchors = (window: Window) => {
    const numbers = new Set(numbersOf(window.normalized));
    const units = numberUnits(window.normalized);
    return (
      anchors.numbers.every((n) => holdsNumber(n, bounds, numbers, window.normalized)) &&
      // A bound counts its own unit word (holdsNumber); an exact number keeps its unit here.
      claimUnits.every((c) => bounds.has(c.number) || units.some((u) => u.number === c.number && (u.unit === c.unit || u.unit < 0))) &&
      anchors.names.every((name) => hasName(window.normalized, name)) &&
      anchors.quotes.every((quote) => window.normalized.includes(quote))
    );
  };
  const claimTokens = contentTokens(input.claim);
  const claimChars = hanChars(input.claim);
  const scored = windows.map((window) => ({
    window,
    coverage: coverageOf(claimTokens, claimChars, window),
    anchored: anchorCount === 0 || holdsAnchors(window),
  }));
  // Words in other words ("fell" for "dropped", "surgery" for "surgical") are looked up in WordNet for
  // the windows closest in wording only: a paper has thousands of windows.
  const order = (a: { coverage: number; window: Window }, b: { coverage: number; window: Window }) => b.coverage - a.coverage || a.window.size - b.window.size;
  for (const entry of [...scored].sort(order).slice(0, LEXICAL_WINDOWS)) entry.coverage = coverageOf(claimTokens, claimChars, entry.window, true);
  const byCoverage = [...scored].sort(order);
  const closest = byCoverage[0]!;
  const evidenceOf = (window: Window) => ({ page: window.chunk.page, chunk_id: window.chunk.chunk_id });

  const anchored = byCoverage.filter((entry) => entry.anchored);
  if (anchored.length === 0) {
    const all = windows.map((window) => window.normalized).join(" \n ");
    const allNumbers = new Set(numbersOf(all));
    const missing = [
      ...anchors.numbers.filter((n) => !holdsNumber(n, bounds, allNumbers, all)),
      ...anchors.names.filter((name) => !hasName(all, name)),
      ...anchors.quotes.filter((quote) => !all.includes(quote)),
    ];
    // Anchors all present but never together in one window (a swapped pairing): still unsupported.
    return { ...base, label: "unsupported", evidence: evidenceOf(closest.window), reason: "anchor_missing", coverage: round(closest.coverage), missing };
  }
  const best = anchored[0]!;
  const bound = numbersBound(input.claim, windows, bounds);
  // Polarity is compared clause by clause: each clause of the claim against the evidence clause that
  // shares most with it ("eight experts work best; more experts did not help" negates only its
  // second clause; "资料不出内网" is its own clause). Words the passage repeats ("exam", "score")
  // say less about which clause is meant than rare ones ("caffeine").
  const weight = rarity(windows);
  const evidenceClauses = clausesOf(best.window);
  // Claim clauses that meet the same evidence clause are read together ("Without cleaning, dirt lowered the output").
  const byEvidence = new Map<string, string[]>();
  for (const clause of input.claim.split(CLAUSE_BREAK).filter((c) => c.trim())) {
    const tokens = contentTokens(clause);
    const scored = evidenceClauses.map((e) => ({ e, overlap: [...contentTokens(e)].filter((t) => tokens.has(t)).reduce((sum, t) => sum + weight(t), 0) }));
    const top = scored.sort((a, b) => b.overlap - a.overlap)[0];
    // A clause sharing a word or two is about something else: "no expert is starved during
    // training" says nothing of "the router is trained with reinforcement learning".
    const shared = top ? [...contentTokens(top.e)].filter((t) => tokens.has(t)).length : 0;
    if (top && shared > 0 && shared * 2 >= tokens.size) byEvidence.set(top.e, [...(byEvidence.get(top.e) ?? []), clause]);
  }
  const pairs = [...byEvidence].map(([evidence, clauses]) => ({ claim: clauses.join(", "), evidence }));
  const result = (label: ClaimLabel, reason: ClaimReason, evidence = evidenceOf(best.window)): ClaimVerdict => ({
    ...base,
    label,
    evidence,
    reason,
    coverage: round(best.coverage),
    missing: [],
  });
  if (pairs.some((pair) => polarityDiffers(pair.claim, pair.evidence)) || negatesRareWords(input.claim, claimTokens, best.window, weight))
    return result("unsupported", "negation");
  if (widensQuantifier(input.claim, best.window.text)) return result("unsupported", "quantifier");
  if (pairs.some((pair) => flipsDirection(pair.claim, pair.evidence))) return result("unsupported", "direction");
  if (swapsWord(input.claim, best.window)) return result("unsupported", "swapped");
  if (best.coverage >= COVERAGE.supported && bound) return result("supported", "covered");
  if (best.coverage < COVERAGE.unsupported) return result("unsupported", "low_coverage");
  // Without a judge a grey claim is not verified, and an unverified claim is not passed.
  if (!options.judge) return result("unsupported", "grey_zone");

  const judge = options.judge;
  const candidates = anchored
    .slice(0, JUDGE_WINDOWS)
    .map((entry) => ({ chunk_id: entry.window.chunk.chunk_id, text: entry.window.text.slice(0, JUDGE_WINDOW_CHARS) }));
  return async () => {
    try {
      const verdict = await judge(input.claim, candidates, options.signal);
      if (!verdict.supported) return result("unsupported", "judge_unsupported");
      // The judge may only point at a chunk it was shown; anything else is refused.
      if (!pool.includes(verdict.evidence_chunk_id) || !candidates.some((c) => c.chunk_id === verdict.evidence_chunk_id))
        return result("unsupported", "judge_bad_evidence");
      const chunk = anchored.find((entry) => entry.window.chunk.chunk_id === verdict.evidence_chunk_id)!.window;
      return result("supported", "judge_supported", evidenceOf(chunk));
    } catch {
      // An abort is not a verdict: it ends the check.
      options.signal?.throwIfAborted();
      return result("unsupported", "grey_zone");
    }
  };
}

/**
 * An English evidence clause that negates the claim's rare words ("the difference was not
 * statistically significant" against "the drop was statistically significant") though another
 * clause shares more words: the words right after the negation are what it denies.
 */
function negatesRareWords(claim: string, claimTokens: Set<string>, window: Window, weight: (token: string) => number): boolean {
  if (isNegated(claim) || claimTokens.size === 0) return false;
  // The weight of a word found in one evidence sentence only (or in none).
  const rare = Math.max(...[...claimTokens].map(weight));
  return clausesOf(window).some((clause) => {
    const after = /\b(?:not|no|never|without)\b(.*)$/.exec(normalize(clause))?.[1];
    if (!after) return false;
    const scope = [...contentTokens(after)].slice(0, 3);
    return scope.length > 0 && scope.some((t) => claimTokens.has(t) && weight(t) >= rare);
  });
}

/**
 * A claim word the window neither holds nor entails, where the window holds its antonym or a
 * sibling under the same hypernym: "the southern line" against "the northern line", "per acre"
 * against "per hectare".
 */
function swapsWord(claim: string, window: Window): boolean {
  const entailed = entailedBy(window);
  // A word right after a number is its unit ("ten years" for "a decade"): the number checks own it.
  return [...normalize(claim).matchAll(/(\d\s*)?\b([a-z][a-z\-]+)/g)]
    .filter((m) => !m[1])
    .map((m) => m[2]!)
    .filter((word) => !isStopWord(word) && !window.tokens.has(stemOf(word)) && !entailed.has(stemOf(word)))
    .some((word) => [...rivalStems(word)].some((rival) => window.tokens.has(rival)));
}

function clausesOf(window: Window): string[] {
  return window.sentences.flatMap((sentence) => sentence.split(CLAUSE_BREAK)).filter((clause) => clause.trim());
}

/** Weight of a token by how few of the evidence sentences hold it (inverse sentence frequency). */
function rarity(windows: Window[]): (token: string) => number {
  const sentences = windows.filter((window) => window.size === 1);
  const count = new Map<string, number>();
  for (const sentence of sentences) for (const token of sentence.tokens) count.set(token, (count.get(token) ?? 0) + 1);
  return (token) => Math.log(1 + sentences.length / (count.get(token) ?? 1));
}

const CLAIM_CLAUSE = /[;；,，]|\b(?:and|but|while|whereas)\b|并且|而且|但是?|和/;

/**
 * Each clause of the claim that holds a number together with other anchors needs one evidence
 * sentence holding all of them: the number is bound to the names it is said about.
 */
function numbersBound(claim: string, windows: Window[], bounds: Map<string, NumberBound>): boolean {
  const sentences = windows.filter((window) => window.size === 1).map((window) => window.normalized);
  for (const clause of claim.split(CLAIM_CLAUSE)) {
    const anchors = anchorsOf(clause);
    if (anchors.numbers.length === 0 || anchors.numbers.length + anchors.names.length + anchors.quotes.length < 2) continue;
    const together = sentences.some((sentence) => {
      const numbers = new Set(numbersOf(sentence));
      return (
        anchors.numbers.every((n) => holdsNumber(n, bounds, numbers, sentence)) &&
        anchors.names.every((name) => hasName(sentence, name)) &&
        anchors.quotes.every((q) => sentence.includes(q))
      );
    });
    if (!together) return false;
  }
  return true;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
