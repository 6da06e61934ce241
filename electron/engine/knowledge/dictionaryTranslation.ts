import { stemmer } from "stemmer";
import { englishStems } from "./englishStems.js";
import { queryScript } from "./crossLingualQuery.js";
import { ZhEnDictionary } from "./ZhEnDictionary.js";

/** Question and function words: their English ("how", "what way") is no topic of a passage. */
const ZH_FUNCTION_WORDS = new Set(
  "如何 什么 为什么 怎么 怎样 怎么样 非 不 没 哪些 哪个 哪里 多少 是否 是 的 地 得 了 着 过 在 和 与 及 或 或者 中 把 被 对 对于 用 用来 可以 能 能够 会 应该 应 必须 有 没有 一个 这个 那个 这 那 其 之 等 吗 呢 吧 就 都 也 还 又 如果 因为 所以 但是 但 以 为 于 从 到 给 让 由 时 个 些 请 要 需要 进行 关于 它 它们 他们 我们 我 你 什么样 情况 下 上 里 主要 通过 使用 不 不能 仅 仅凭 就是 一种 各 每 几 哪 时候"
    .split(" "),
);

export interface DictionaryTranslationOptions {
  /**
   * The passages the other-language side will be searched in. A sense counts only when its word
   * is in them (a stem for English, a substring for Chinese): the paper itself picks the sense
   * ("权重" → "weight", not "importance"). Without texts the first senses are taken.
   */
  texts?: readonly string[];
  /** English words kept per Chinese word (and Chinese words per English word); default 3. */
  perWord?: number;
}

/**
 * The question's content words in the other language by the shipped dictionary, no model: a
 * Chinese question is segmented (longest match), function words dropped, and each word's short
 * English senses kept; an English question's content words get the Chinese words whose sense is
 * exactly that word. Empty when nothing is found.
 */
export async function dictionaryTranslation(question: string, options: DictionaryTranslationOptions = {}): Promise<string[]> {
  const dictionary = await ZhEnDictionary.load();
  return queryScript(question) === "zh" ? chineseToEnglish(dictionary, question, options) : englishToChinese(dictionary, question, options);
}

function chineseToEnglish(dictionary: ZhEnDictionary, question: string, options: DictionaryTranslationOptions): string[] {
  const perWord = options.perWord ?? 3;
  const known = options.texts ? englishStems(options.texts.join("\n")) : undefined;
  const out = new Set<string>();
  for (const word of dictionary.segment(question)) {
    if (ZH_FUNCTION_WORDS.has(word) || !/[\u3400-\u9fff]/.test(word)) continue;
    let kept = 0;
    for (const sense of dictionary.english(word)) {
      const words = sense.split(" ").filter((part) => englishStems(part).size > 0);
      if (words.length === 0) continue;
      // Every content word of a short sense must be in the paper: "binary system" needs both.
      if (known && !words.every((part) => known.has(stemmer(part)))) continue;
      for (const part of words) out.add(part);
      if (++kept >= (known ? perWord : Math.min(perWord, 2))) break;
    }
  }
  return [...out];
}

function englishToChinese(dictionary: ZhEnDictionary, question: string, options: DictionaryTranslationOptions): string[] {
  const perWord = options.perWord ?? 3;
  const text = options.texts?.join("\n");
  const out = new Set<string>();
  for (const word of question.toLowerCase().match(/[a-z][a-z-]+/g) ?? []) {
    if (englishStems(word).size === 0) continue;
    const candidates = dictionary.chinese(word).filter((zh) => !ZH_FUNCTION_WORDS.has(zh) && (text === undefined || text.includes(zh)));
    for (const zh of candidates.slice(0, text === undefined ? Math.min(perWord, 2) : perWord)) out.add(zh);
  }
  return [...out];
}
