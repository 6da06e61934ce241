import { anchorsOf, contentTokens, hasName, isNegated, normalize, numbersOf, splitSentences } from "./claimText.js";

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

/** Why a verdict was reached; the first four are deterministic. */
export type ClaimReason = "covered" | "anchor_missing" | "negation" | "low_coverage" | "grey_zone" | "judge_supported" | "judge_unsupported" | "judge_bad_evidence" | "no_evidence";

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

/** Thresholds on lexical coverage (calibrated on tests/fixtures/papers/claims.jsonl). */
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
      windows.push({ chunk, text, normalized: normalize(text), tokens: contentTokens(text), sentences: parts, size });
    }
  }
  return windows;
}

function coverageOf(claimTokens: Set<string>, window: Window): number {
  if (claimTokens.size === 0) return 0;
  let found = 0;
  for (const token of claimTokens) if (window.tokens.has(token)) found++;
  return found / claimTokens.size;
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
  const holdsAnchors = (window: Window) => {
    const numbers = new Set(numbersOf(window.normalized));
    return (
      anchors.numbers.every((n) => numbers.has(n)) &&
      anchors.names.every((name) => hasName(window.normalized, name)) &&
      anchors.quotes.every((quote) => window.normalized.includes(quote))
    );
  };
  const claimTokens = contentTokens(input.claim);
  const scored = windows.map((window) => ({ window, coverage: coverageOf(claimTokens, window), anchored: anchorCount === 0 || holdsAnchors(window) }));
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
  const bestClause = best.window.sentences
    .flatMap((sentence) => sentence.split(CLAUSE_BREAK))
    .map((clause) => ({ clause, overlap: [...contentTokens(clause)].filter((t) => claimTokens.has(t)).length }))
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
  if (isNegated(input.claim) !== isNegated(claimClauses > 1 ? best.window.text : bestClause)) return result("unsupported", "negation");
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
