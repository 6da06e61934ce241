import { stemmer } from "stemmer";

/**
 * Text helpers of the claim checker: sentence splitting, normalisation, hard anchors (numbers,
 * Latin names, quoted strings), content tokens and negation. All deterministic.
 */

const sentenceSegmenter = new Intl.Segmenter("zh", { granularity: "sentence" });

/** Sentences of a text, per paragraph (segmenting one huge string is non-linear). */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n\s*\n|\n(?=\s*[-*•]\s)/)) {
    for (const { segment } of sentenceSegmenter.segment(paragraph)) {
      const sentence = segment.replace(/\s+/g, " ").trim();
      if (sentence) sentences.push(sentence);
    }
  }
  return mergeAbbreviations(sentences);
}

/** "et al." and "Fig." end no sentence: rejoin what the segmenter split after them. */
function mergeAbbreviations(sentences: string[]): string[] {
  const merged: string[] = [];
  for (const sentence of sentences) {
    const last = merged.at(-1);
    if (last && /\b(et al|e\.g|i\.e|Fig|Tab|Eq|Sec|vs|cf|No)\.$/.test(last)) merged[merged.length - 1] = `${last} ${sentence}`;
    else merged.push(sentence);
  }
  return merged;
}

const NUMBER_WORDS: Record<string, string> = {
  zero: "0", one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10",
  eleven: "11", twelve: "12", twenty: "20", thirty: "30", forty: "40", fifty: "50", sixty: "60", seventy: "70", eighty: "80", ninety: "90",
  hundred: "100", twice: "2",
  零: "0", 一: "1", 二: "2", 两: "2", 三: "3", 四: "4", 五: "5", 六: "6", 七: "7", 八: "8", 九: "9", 十: "10",
};

/** NFKC, lower case, thousands separators dropped, English number words as digits. */
export function normalize(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|twice)\b/g, (word) => NUMBER_WORDS[word]!)
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, " ")
    .replace(FRACTION, (_, word: string) => `${FRACTIONS[word]}%`)
    .replace(/\b(?:a|1) (decade|century)\b/g, (_, span: string) => (span === "decade" ? "10 years" : "100 years"))
    .replace(/([一二三四五六七八九])成(?![本功为立员果绩熟长])/g, (_, digit: string) => `${Number(NUMBER_WORDS[digit]!) * 10}%`)
    .replace(/([一二三四五])分之一/g, (_, digit: string) => `${Math.round(100 / Number(NUMBER_WORDS[digit]!))}%`);
}

/** A fraction said in words is a share in per cent ("grew by a fifth" = 20%, 三分之一 = 33%, 四成 = 40%), a decade ten years: a paraphrase may switch. */
const FRACTIONS: Record<string, number> = { third: 33, quarter: 25, fifth: 20, tenth: 10 };
const FRACTION = /\b(?:a|1|one) (third|quarter|fifth|tenth)\b/g;

/** Numbers of a normalised text as canonical strings (`91.3`, `0.0003`, `2023`); `%` is not part. */
export function numbersOf(normalized: string): string[] {
  const numbers = normalized.match(/(?<![\w.])\d+(?:\.\d+)?(?![\w])/g) ?? [];
  // Chinese numerals standing alone before a measure word (八个专家) count as digits too.
  const han = [...normalized.matchAll(/([一二两三四五六七八九十])(?=[个种项层次倍篇张名位年天周岁]|小时|个?月)/g)].map((m) => NUMBER_WORDS[m[1]!]!);
  // "Doubled" says two times, "tripled" three: "twice as often" paraphrases it.
  const times = [...normalized.matchAll(/\b(doubl|tripl)(?:e|es|ed|ing)\b/g)].map((m) => (m[1] === "doubl" ? "2" : "3"));
  return [...numbers.map((n) => String(Number(n))), ...han, ...times];
}

/** A claim's number given as a bound, with the word it counts ("households", 名). */
export interface NumberBound {
  side: "min" | "max";
  unit: string;
}

const COUNTED = "\\s*([a-z]+|[\\u3400-\\u9fff])?";

/**
 * Numbers the claim gives as a bound ("more than 100 hives", "超过 200 名", "fewer than 6 hours"):
 * an evidence number on the right side of the bound, counting the same thing, says the same, so
 * "more than a hundred hives" rests on "120 hives" (and not on "three districts").
 */
export function numberBounds(normalized: string): Map<string, NumberBound> {
  const bounds = new Map<string, NumberBound>();
  const number = "(\\d+(?:\\.\\d+)?)";
  const sides: Array<[NumberBound["side"], RegExp]> = [
    ["min", new RegExp(`(?:\\b(?:more than|over|at least|upwards of)(?: a)?|超过|逾|多于|不少于)\\s*${number}${COUNTED}`, "g")],
    ["max", new RegExp(`(?:\\b(?:fewer than|less than|under|at most|below)(?: a)?|不到|少于|不足)\\s*${number}${COUNTED}`, "g")],
  ];
  for (const [side, pattern] of sides) for (const m of normalized.matchAll(pattern)) bounds.set(String(Number(m[1])), { side, unit: stemOf(m[2] ?? "") });
  return bounds;
}

/** Whether the evidence holds the claim's number, exactly or, for a bound, as a number beyond it counting the same thing. */
export function holdsNumber(number: string, bounds: Map<string, NumberBound>, evidenceNumbers: Set<string>, evidenceText: string): boolean {
  if (evidenceNumbers.has(number)) return true;
  const bound = bounds.get(number);
  if (!bound) return false;
  return [...evidenceText.matchAll(new RegExp(`(?<![\\w.])(\\d+(?:\\.\\d+)?)(?![\\w])${COUNTED}`, "g"))].some(
    (m) => stemOf(m[2] ?? "") === bound.unit && (bound.side === "min" ? Number(m[1]) > Number(number) : Number(m[1]) < Number(number)),
  );
}

const COMMON_CAPITALISED = new Set([
  "the", "a", "an", "we", "our", "this", "these", "that", "it", "its", "in", "on", "for", "with", "by", "to", "of", "and", "or", "but",
  "however", "moreover", "table", "figure", "fig", "section", "page", "paper", "authors", "author", "they", "their", "as", "at", "from",
  "compared", "both", "each", "all", "also", "finally", "first", "second", "third", "then", "thus", "overall", "results", "i",
]);

/**
 * Hard anchors of a claim: what a small model invents most. Numbers (digits or number words);
 * Latin tokens that look like names (inner capitals, digits, all caps, or a capitalised word that
 * is not sentence-initial — and, in a Chinese claim, every Latin token); quoted strings.
 */
export function anchorsOf(claim: string): { numbers: string[]; names: string[]; quotes: string[] } {
  const quotes = [...claim.matchAll(/["“「『]([^"”」』]{2,80})["”」』]/g)].map((m) => normalize(m[1]!).trim());
  const chinese = /[\u3400-\u9fff]/.test(claim);
  const names: string[] = [];
  const tokens = [...claim.matchAll(/[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*/g)];
  for (const [index, match] of tokens.entries()) {
    const token = match[0];
    const start = match.index ?? 0;
    const sentenceInitial = index === 0 || /[.!?。！？:：]\s*$/.test(claim.slice(0, start));
    const nameLike =
      /[a-z][A-Z]/.test(token) || /\d/.test(token) || /^[A-Z]{2,}s?$/.test(token) || (/^[A-Z]/.test(token) && !sentenceInitial) || chinese;
    if (nameLike && !COMMON_CAPITALISED.has(token.toLowerCase())) names.push(token.toLowerCase());
  }
  return { numbers: [...new Set(numbersOf(normalize(claim)))], names: [...new Set(names)], quotes };
}

/**
 * A name found as a whole word (a plural `s` tolerated either way), or an all-letter acronym of
 * three or more found spelled out ("gpa" in "grade point average"): a paraphrase may write either.
 */
export function hasName(normalizedText: string, name: string): boolean {
  const escaped = name.replace(/s$/, "").replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
  if (new RegExp(`(?<![a-z0-9])${escaped}s?(?![a-z0-9])`).test(normalizedText)) return true;
  const letters = name.replace(/s$/, "");
  if (!/^[a-z]{3,5}$/.test(letters)) return false;
  const initials = [...letters].map((letter) => `${letter}[a-z]*`).join("[\\s-]+");
  return new RegExp(`(?<![a-z0-9])${initials}(?![a-z0-9])`).test(normalizedText);
}

const STOP = new Set([
  ...COMMON_CAPITALISED, "is", "are", "was", "were", "be", "been", "has", "have", "had", "which", "who", "than", "more", "less", "into", "using",
  "use", "used", "uses", "can", "may", "will", "would", "should", "about", "over", "under", "between", "such", "other", "only", "not", "no",
  "paper", "study", "show", "shows", "shown", "report", "reports", "reported", "propose", "proposes", "proposed", "present", "presents",
  "after", "before", "during", "where", "when", "while", "often", "up", "down", "far", "little", "very", "much", "many", "most", "some",
]);
const CJK_STOP = new Set(["的", "了", "是", "在", "和", "与", "及", "也", "有", "被", "将", "对", "为", "以", "中", "上", "下", "等", "该", "其", "并", "或", "而", "这", "那", "论", "文"]);

/** Whether a Latin word (lower case) carries no content. */
export function isStopWord(word: string): boolean {
  return STOP.has(word) || word.length < 2;
}

/** A Latin word's stem; an adverb in -ly stems as its adjective ("significantly" as "significant") where enough is left. */
export function stemOf(word: string): string {
  return stemmer(/^[a-z]{5,}ly$/.test(word) ? word.slice(0, -2) : word);
}

/** Content tokens: stemmed Latin words and CJK character bigrams, stop words out. */
export function contentTokens(text: string): Set<string> {
  // "%" is the word "percent" to a paraphrase that spells it out.
  const normalized = normalize(text).replace(/%/g, " percent ");
  const tokens = new Set<string>();
  for (const word of normalized.match(/[a-z][a-z0-9\-]*/g) ?? []) {
    if (!STOP.has(word) && word.length > 1) tokens.add(stemOf(word));
  }
  for (const number of numbersOf(normalized)) tokens.add(number);
  for (const run of normalized.match(/[\u3400-\u9fff]+/g) ?? []) {
    const chars = [...run].filter((char) => !CJK_STOP.has(char));
    for (let i = 0; i + 1 < chars.length; i++) tokens.add(chars[i]! + chars[i + 1]!);
    if (chars.length === 1) tokens.add(chars[0]!);
  }
  return tokens;
}

/** Units a number is said in, each group one unit in its spellings (a paraphrase may switch spelling, not unit). */
const UNITS: RegExp[] = [
  /^(?:%|percent\b|per cent\b|pct\b)/,
  /^(?:个?百分点|percentage points?\b|pp\b)/,
  /^(?:mm\b|millimet(?:er|re)s?\b|毫米)/,
  /^(?:cm\b|centimet(?:er|re)s?\b|厘米)/,
  /^(?:km\b|kilomet(?:er|re)s?\b|公里|千米)/,
  /^(?:m\b|met(?:er|re)s?\b|米)/,
  /^(?:kg\b|kilograms?\b|公斤|千克)/,
  /^(?:t\b|tonnes?\b|tons?\b|吨)/,
  /^(?:h\b|hours?\b|hrs?\b|小时)/,
  /^(?:days?\b|天|日)/,
  /^(?:weeks?\b|周|星期)/,
  /^(?:months?\b|个月)/,
  /^(?:years?\b|年)/,
  /^(?:万)/,
  /^(?:亿)/,
  /^(?:thousand\b|千)/,
  /^(?:million\b|百万)/,
  /^(?:billion\b|bn\b)/,
  /^(?:times\b|倍)/,
];

/**
 * Each number of a normalised text with the unit group it is written in (-1: none known), so
 * "60 毫米" is not found in "60%".
 */
export function numberUnits(normalized: string): Array<{ number: string; unit: number }> {
  return [...normalized.matchAll(/(?<![\w.])(\d+(?:\.\d+)?)(?![\w])\s*/g)].map((m) => {
    const after = normalized.slice((m.index ?? 0) + m[0].length);
    return { number: String(Number(m[1])), unit: UNITS.findIndex((unit) => unit.test(after)) };
  });
}

const BASELINE = /\bthan (?:those|that|the ones|ones|[a-z]+s) (?:without|not)\b[^,;.]*/g;
const NEGATION = /\b(not|no|never|without|neither|nor|cannot|fails? to|none|unable)\b|n't|不|没有|未|无|非|并非/;
/** "fell short of" and "未达到" say "below", not "not": read as a direction, they can agree with "低于". */
const SHORT_OF = /\b(?:did not|does not|do not|didn't|doesn't|failed to|fails? to|not) (?:reach|meet|attain)\b|\bfell short of\b|没有达到|未达到|没达到|未能达到|不到|不足/g;

/**
 * A claim that says "all", "every" or 所有 where its evidence has no such word claims more than the
 * evidence: "every orchard had strips" is not "orchards with strips".
 */
const UNIVERSAL = /\b(?:all|every|each|always|everyone|everything|entire(?:ly)?)\b|所有|全部|一律|每一|各项|全都|全年/;
export function widensQuantifier(claim: string, evidence: string): boolean {
  return UNIVERSAL.test(normalize(claim)) && !UNIVERSAL.test(normalize(evidence));
}

/** Whether a text negates (English or Chinese markers). */
export function isNegated(text: string): boolean {
  return NEGATION.test(normalize(text));
}

/**
 * Whether claim and evidence differ in polarity. "Did not reach" counts as "below" (not as a
 * negation) only where the other side says "below": 未达到预测 agrees with 低于预测, while
 * "does not reach 91.3%" still negates "reaches 91.3%".
 */
export function polarityDiffers(claim: string, evidence: string): boolean {
  const c = normalize(claim);
  const e = normalize(evidence);
  const below = DIRECTIONS[0]![1];
  // A negation inside the baseline of a comparison ("more nuts than orchards without them") does not negate the statement.
  const read = (text: string, other: string) => NEGATION.test((below.test(other) ? text.replace(SHORT_OF, " below ") : text).replace(BASELINE, " "));
  return read(c, e) !== read(e, c);
}

/**
 * Directions a paraphrase keeps and a distortion flips: each pair's two sides say opposite things
 * about the same quantity or order. Whole words in English (stems), words in Chinese.
 */
const DIRECTIONS: Array<[RegExp, RegExp]> = [
  [
    /\b(?:higher|greater|larger|bigger|more|above|exceed(?:s|ed)?|increas(?:e|es|ed|ing)|ris(?:e|es|ing)|rose|rais(?:e|es|ed)|doubl(?:e|es|ed|ing))\b|高于|超过|多于|提高|增加|上升|升高|增长|较高|偏高/,
    /\b(?:lower|smaller|fewer|less|below|decreas(?:e|es|ed|ing)|declin(?:e|es|ed|ing)|drop(?:s|ped)?|fell|reduc(?:e|es|ed|ing)|halv(?:e|es|ed|ing)|half as (?:many|much))\b|低于|少于|降低|减少|下降|减小|较低|偏低/,
  ],
  [/\b(?:earlier|sooner)\b|提前|更早|较早/, /\b(?:later)\b|推迟|延后|更晚|较晚/],
  [/\b(?:faster|quicker|more quickly)\b|更快|加快/, /\b(?:slower|more slowly)\b|更慢|减慢|放缓/],
  [/\b(?:best|strongest)\b|最好|最佳|最高/, /\b(?:worst|weakest)\b|最差|最低/],
  [/\b(?:improv(?:e|es|ed|ing)|better)\b|改善|改进|优于/, /\b(?:worsen(?:s|ed)?|worse|degrad(?:e|es|ed))\b|恶化|变差|劣于|不如/],
];

/**
 * Whether the claim says the opposite direction of the evidence: it holds one side of a pair and
 * not the other, the evidence the other side and not the first ("later" against "earlier").
 */
export function flipsDirection(claim: string, evidence: string): boolean {
  const c = normalize(claim).replace(SHORT_OF, " below ");
  const e = normalize(evidence).replace(SHORT_OF, " below ");
  const only = (text: string, side: RegExp, other: RegExp) => side.test(text) && !other.test(text);
  return DIRECTIONS.some(([up, down]) => (only(c, up, down) && only(e, down, up)) || (only(c, down, up) && only(e, up, down)));
}

/** Chinese characters of a text, stop characters out: a paraphrase keeps characters where it re-pairs them. */
export function hanChars(text: string): Set<string> {
  return new Set([...(normalize(text).match(/[\u3400-\u9fff]/g) ?? [])].filter((char) => !CJK_STOP.has(char)));
}
