import type { LlmClient } from "../llm/LlmClient.js";

const CJK = /[\u3400-\u9fff]/;
const CJK_ALL = /[\u3400-\u9fff]/g;
const LATIN_WORD = /[A-Za-z][A-Za-z0-9]*/g;

/** A term the text itself gives in both languages: "注意力机制 (attention)" or "attention (注意力机制)". */
export interface TermPair {
  zh: string;
  en: string;
}

/** `zh` when the text's Chinese characters outnumber its Latin words, else `en`. */
export function queryScript(text: string): "zh" | "en" {
  const han = text.match(CJK_ALL)?.length ?? 0;
  const latin = text.match(LATIN_WORD)?.length ?? 0;
  // A Chinese word is about two characters: compare words with words.
  return han / 2 > latin ? "zh" : "en";
}

const ZH_THEN_EN = /([\u3400-\u9fff]{2,12})\s*[(（]\s*([A-Za-z][A-Za-z0-9 .\-/]{1,60}?)\s*[)）]/g;
const EN_THEN_ZH = /([A-Za-z][A-Za-z0-9\-/]*(?: [A-Za-z][A-Za-z0-9\-/]*){0,4})\s*[(（]\s*([\u3400-\u9fff]{2,12})\s*[)）]/g;

/**
 * The bilingual term list a document gives itself: a Chinese term followed by its English in
 * brackets, or the reverse. Only the last words before the bracket can be the term, so for an
 * English phrase the pair keeps at most as many words as the bracket's Chinese could name
 * (one per two characters, at most five); the first pair of a term wins.
 */
export function pairedTerms(texts: Iterable<string>, max = 2000): TermPair[] {
  const pairs = new Map<string, TermPair>();
  const add = (zh: string, en: string) => {
    const key = zh;
    if (pairs.size < max && !pairs.has(key) && en.length >= 2 && !/^\d/.test(en)) pairs.set(key, { zh, en: en.trim() });
  };
  for (const text of texts) {
    for (const match of text.matchAll(ZH_THEN_EN)) add(match[1]!, match[2]!);
    for (const match of text.matchAll(EN_THEN_ZH)) {
      const zh = match[2]!;
      const words = match[1]!.split(" ");
      add(zh, words.slice(-Math.max(1, Math.min(5, Math.ceil(zh.length / 2)))).join(" "));
    }
  }
  return [...pairs.values()];
}

/**
 * The other language's words for the query's terms that the pairs name: the English of each
 * Chinese term in a Chinese query, the Chinese of each English term (as a whole word, case aside)
 * in an English query. Empty when none is named.
 */
export function pairedTranslation(query: string, pairs: readonly TermPair[]): string[] {
  const lower = query.toLowerCase();
  const found: string[] = [];
  for (const pair of pairs) {
    if (zhTails(pair.zh).some((tail) => query.includes(tail))) found.push(pair.en);
    else if (new RegExp(`(?<![a-z0-9])${pair.en.toLowerCase().replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?![a-z0-9])`).test(lower)) found.push(pair.zh);
  }
  return [...new Set(found)];
}

/**
 * The Chinese side of a pair and its tails of three characters or more: without a segmenter the
 * characters before a bracket may start before the term ("和残差连接 (residual connection)").
 */
function zhTails(zh: string): string[] {
  const tails = [zh];
  for (let start = 1; zh.length - start >= 3; start++) tails.push(zh.slice(start));
  return tails;
}

const SYSTEM = "You are a translator for search queries. Your only task: translate the user's query, nothing else.";

/**
 * The query in the other language (Chinese ↔ English) by one short model call, or undefined when
 * the reply is not a translation: it must be in the other script, be no echo of the query or the
 * instruction, and be of a query's length. A weak model that chats, repeats or refuses is ignored.
 */
export async function translateQuery(llm: LlmClient | undefined, query: string, signal?: AbortSignal): Promise<string | undefined> {
  if (!llm) return undefined;
  const from = queryScript(query);
  const to = from === "zh" ? "English" : "Chinese (简体中文)";
  const source = query.trim().slice(0, 300);
  if (!source) return undefined;
  try {
    const { text } = await llm.generateText({
      system: SYSTEM,
      prompt: `Translate this search query into ${to}. Reply with the translation only.\nQuery: ${source}\nTranslation:`,
      tag: { role: "knowledge", step: "translate_query" },
      temperature: 0,
      maxTokens: 80,
      maxContinuations: 0,
      ...(signal ? { signal } : {}),
    });
    return checkedTranslation(source, text);
  } catch {
    return undefined;
  }
}

/** The reply's first line as a translation of `query`, or undefined when it is none (see translateQuery). */
export function checkedTranslation(query: string, reply: string): string | undefined {
  const line = reply
    .replace(/<think>[\s\S]*?<\/think>/g, "")
    .split("\n")
    .map((part) => part.replace(/^\s*(?:translation|译文|翻译)\s*[:：]\s*/i, "").replace(/^["“'「]+|["”'」]+$/g, "").trim())
    .find((part) => part.length > 0);
  if (!line || line.length > query.length * 4 + 40) return undefined;
  const from = queryScript(query);
  if (queryScript(line) === from) return undefined;
  if (from === "en" && !CJK.test(line)) return undefined;
  if (from === "zh" && !/[A-Za-z]{2}/.test(line)) return undefined;
  // An echo of the instruction ("Translate this search query…") is no translation.
  if (/translat|search query|query:|查询[:：]/i.test(line)) return undefined;
  return line;
}
