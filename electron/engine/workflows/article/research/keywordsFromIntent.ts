import { echoKey } from "../../common/echoGuard.js";

/** A keyword is drawn from the intent when at least this share of its units (Han bigrams, Latin words) is there. */
const MIN_SHARE = 0.3;

/** The units a keyword is compared by: each Han character pair and each Latin word or number (≥ 2 characters). */
function unitsOf(text: string): string[] {
  const units: string[] = [];
  for (const run of echoKey(text).match(/\p{Script=Han}+|[\p{L}\p{N}]+/gu) ?? []) {
    if (/\p{Script=Han}/u.test(run)) {
      const chars = [...run];
      if (chars.length === 1) units.push(run);
      for (let i = 0; i + 1 < chars.length; i++) units.push(chars[i]! + chars[i + 1]!);
    } else if (run.length >= 2) units.push(run);
  }
  return units;
}

/** A Latin word matches a source word sharing its first five letters (deploy / deployment). */
const stem = (unit: string) => (/^\p{Script=Han}/u.test(unit) ? unit : unit.slice(0, 5));

/**
 * The model's search keywords split into those drawn from the intent (or the user's extra keywords)
 * and those that are not. A keyword that shares too little with what the user wrote — typically the
 * prompt's own example keywords, which a weak model copies (本地大模型 部署成本 for an article on
 * something else) — would search for another article's materials.
 */
export function keywordsFromIntent(keywords: readonly string[], sources: readonly string[]): { kept: string[]; dropped: string[] } {
  const have = new Set(sources.flatMap(unitsOf).map(stem));
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const keyword of keywords) {
    const units = unitsOf(keyword);
    const share = units.length ? units.filter((u) => have.has(stem(u))).length / units.length : 0;
    (share >= MIN_SHARE ? kept : dropped).push(keyword);
  }
  return { kept, dropped };
}
