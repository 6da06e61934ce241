import { normalize, numbersOf } from "../common/claimText.js";

/**
 * What kind of sentence can answer a question, read from its question words: "how many" needs a
 * number, "who funded" a sentence about funding, "why" a stated cause, "多大面积" an area. The
 * relevance gate lets only sentences of that kind answer: "Who funded the work?" is not answered by
 * "Table 2 shows that eight experts work best", whatever words they share.
 */
export interface AnswerType {
  /** The sentence must hold a number (digits, number words, Chinese numerals). */
  number: boolean;
  /** The sentence must match this (a funding, cause or unit word); undefined: any sentence. */
  needs?: RegExp;
  /** The question's own words for the kind of answer ("面积", "depth"): a sentence holding `needs` counts as holding them. */
  focus: string[];
}

const NUMBER_QUESTION =
  /\bhow (many|much|long|large|big|often|far|fast|old|high|deep|small|heavy)\b|\bwhat (?:\S+ ){0,3}?(value|number|percentage|share|fraction|size|price|cost|rate|threshold|latency)\b|多少|几[个次天年种层位名项]|多大|多久|多长|多高|多深|多远|多重|多快|多少/i;
const FUNDING = { question: /\b(fund(ed|s|ing)?|sponsor(ed|s)?|financ(ed|es|ing)|paid for)\b|资助|赞助|出资|经费/i, sentence: /\b(fund(ed|s|ing)?|grants?|sponsor(ed|s)?|financ\w*|acknowledg\w*|supported by)\b|资助|基金|赞助|经费|致谢/i };
const CAUSE = { question: /^\s*why\b|\bwhy\b|为什么|为何|什么原因|原因是/i, sentence: /\b(because|due to|since|owing to|caused?|as a result|so that|thanks to|leads? to)\b|因为|由于|所以|因此|导致|原因|使得/i };
const WHEN = /^\s*when\b|什么时候|何时|哪一?年/i;

/** Measurement nouns and the units a sentence answering them names. */
const UNITS: Array<{ question: RegExp; focus: string[]; sentence: RegExp }> = [
  { question: /面积|\barea\b|how large an area/i, focus: ["面积", "area"], sentence: /公顷|亩|平方|\b(hectares?|ha|acres?|m2|km2|square)\b|m²|km²/i },
  {
    question: /深度|长度|距离|高度|多深|多远|多高|\b(depths?|length|distance|height|how (far|deep|high))\b/i,
    focus: ["深度", "长度", "距离", "高度", "depth", "length", "distanc", "height"],
    sentence: /厘米|毫米|公里|千米|米|\d\s*(cm|mm|km|m)\b|\b(cent|milli|kilo)?met(er|re)s?\b/i,
  },
  {
    question: /多久|时长|多长时间|频率|\bhow (long|often)\b|\b(duration|latency|frequency)\b/i,
    focus: ["多久", "时长", "频率", "duration", "latenc", "frequenc"],
    sentence: /秒|分钟|小时|天|周|个月|\d\s*(ms|s|h|min)\b|\b(milli)?seconds?\b|\b(minutes?|hours?|days?|weeks?|months?|years?)\b/i,
  },
  { question: /成本|价格|费用|多少钱|\b(price|cost|costs)\b/i, focus: ["成本", "价格", "费用", "price", "cost"], sentence: /元|\$|€|£|¥|\b(dollars?|euros?|yuan|usd|eur)\b/i },
];

/** The measurement noun follows a "which" / "what" / 哪 closely: "哪两个深度", "which depths". */
function asksWhich(question: string, noun: RegExp): boolean {
  const which = /哪[一两几]?[个种]?|\b(which|what)\s+(?:\S+\s+)?/gi;
  for (const match of question.matchAll(which)) {
    const after = question.slice(match.index + match[0].length, match.index + match[0].length + 12);
    const found = noun.exec(after);
    if (found && found.index <= 2) return true;
  }
  return false;
}

/** The kind of answer a question asks for (see {@link AnswerType}). */
export function answerType(question: string): AnswerType {
  const number = NUMBER_QUESTION.test(question) || WHEN.test(question);
  if (FUNDING.question.test(question)) return { number: false, needs: FUNDING.sentence, focus: [] };
  if (CAUSE.question.test(question)) return { number: false, needs: CAUSE.sentence, focus: [] };
  // "How long" asks for a length or a duration: either unit answers it.
  // A measurement noun asks for a unit only in a quantity question or right after "which" (哪两个深度): "What chip measures latency?" does not.
  const units = UNITS.filter((u) => (number || asksWhich(question, u.question)) && u.question.test(question));
  if (units.length === 0) return { number, focus: [] };
  const needs = new RegExp(units.map((u) => u.sentence.source).join("|"), "i");
  return { number: true, needs, focus: units.flatMap((u) => u.focus) };
}

/** Whether a sentence is of the kind the question asks for. */
export function fitsAnswerType(type: AnswerType, sentence: string): boolean {
  // "一个地点、一种土壤" reads as the number 1 but answers no "多少": a lone Chinese 一 is no quantity.
  if (type.number && !/\d/.test(sentence) && !numbersOf(normalize(sentence)).some((n) => n !== "1")) return false;
  // A table row ("| R13 | 14 | 88.4 | 67 |") has its unit in the header, and a sentence may name the
  // measurement itself ("latency of 23"): either stands for the unit of a quantity question.
  const measured = type.number && type.focus.length > 0 && (/\|[^|\n]*\|/.test(sentence) || type.focus.some((word) => normalize(sentence).includes(word)));
  return !type.needs || type.needs.test(sentence) || measured;
}
