import { anchorsOf, contentTokens, flipsDirection, hanChars, hasName, normalize, numbersOf, numberUnits, polarityDiffers, splitSentences } from "./claimText.js";

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
const JUDGE_WINDOW_CHARS = 400;

interface Window {
  chunk: EvidenceChunk;
  text: string;
  normalized: string;
  tokens: Set<string>;
  chars: Set<string>;
  sentences: string[];
  size: number;
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
function coverageOf(claimTokens: Set<string>, claimChars: Set<string>, window: Window): number {
  if (claimTokens.size === 0) return 0;
  let found = 0;
  for (const token of claimTokens) if (window.tokens.has(token)) found++;
  const tokens = found / claimTokens.size;
  if (claimChars.size < 4) return tokens;
  let chars = 0;
  for (const char of claimChars) if (window.chars.has(char)) chars++;
  return (tokens + chars / claimChars.size) / 2;
}

/**
 * Checks claims against evidence chunks, deterministic first, so a judge model cannot overrule a missing fact:
 * 1. every hard anchor (number, Latin name, quoted string) must occur in the evidence — a
 *    missing one makes the claim unsupported, whatever a judge would say;
 * 2. lexical coverage of the claim's content tokens over windows of up to three sentences;
 * 3. a claim whose polarity (negated or not) differs from its best evidence sentence is unsupported;
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
  const holdsAnchors = (window: Window) => {
    const numbers = new Set(numbersOf(window.normalized));
    const units = numberUnits(window.normalized);
    return (
      anchors.numbers.every((n) => numbers.has(n)) &&
      claimUnits.every((c) => units.some((u) => u.number === c.number && (u.unit === c.unit || u.unit < 0))) &&
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
  const byCoverage = [...scored].sort((a, b) => b.coverage - a.coverage || a.window.size - b.window.size);
  const closest = byCoverage[0]!;
  const evidenceOf = (window: Window) => ({ page: window.chunk.page, chunk_id: window.chunk.chunk_id });

  const anchored = byCoverage.filter((entry) => entry.anchored);
  if (anchored.length === 0) {
    const all = windows.map((window) => window.normalized).join(" \n ");
    const allNumbers = new Set(numbersOf(all));
    const missing = [
      ...anchors.numbers.filter((n) => !allNumbers.has(n)),
      ...anchors.names.filter((name) => !hasName(all, name)),
      ...anchors.quotes.filter((quote) => !all.includes(quote)),
    ];
    // Anchors all present but never together in one window (a swapped pairing): still unsupported.
    return { ...base, label: "unsupported", evidence: evidenceOf(closest.window), reason: "anchor_missing", coverage: round(closest.coverage), missing };
  }
  const best = anchored[0]!;
  const bound = numbersBound(input.claim, windows);
  // Polarity is compared on the clause that shares most with the claim: "eight experts work
  // best; more experts did not help" negates only its second clause.
  // Words the passage repeats ("exam", "score") say less about which clause is meant than rare ones ("caffeine").
  const weight = rarity(windows);
  const bestClause = best.window.sentences
    .flatMap((sentence) => sentence.split(CLAUSE_BREAK))
    .map((clause) => ({ clause, overlap: [...contentTokens(clause)].filter((t) => claimTokens.has(t)).reduce((sum, t) => sum + weight(t), 0) }))
    .sort((a, b) => b.overlap - a.overlap)[0]!.clause;
  const result = (label: ClaimLabel, reason: ClaimReason, evidence = evidenceOf(best.window)): ClaimVerdict => ({
    ...base,
    label,
    evidence,
    reason,
    coverage: round(best.coverage),
    missing: [],
  });
  // A claim of several clauses is compared with the whole window: its negated clause ("资料不出内网")
  // need not be the one that shares most words with the evidence.
  const claimClauses = input.claim.split(CLAUSE_BREAK).filter((c) => c.trim()).length;
  const against = claimClauses > 1 ? best.window.text : bestClause;
  if (polarityDiffers(input.claim, against)) return result("unsupported", "negation");
  if (flipsDirection(input.claim, against)) return result("unsupported", "direction");
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
function numbersBound(claim: string, windows: Window[]): boolean {
  const sentences = windows.filter((window) => window.size === 1).map((window) => window.normalized);
  for (const clause of claim.split(CLAIM_CLAUSE)) {
    const anchors = anchorsOf(clause);
    if (anchors.numbers.length === 0 || anchors.numbers.length + anchors.names.length + anchors.quotes.length < 2) continue;
    const together = sentences.some((sentence) => {
      const numbers = new Set(numbersOf(sentence));
      return (
        anchors.numbers.every((n) => numbers.has(n)) &&
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
