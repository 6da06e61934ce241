import type { StepText } from "../../../../shared/events.js";
import type { StepLine } from "../common/nodeRuntime.js";
import type { SettingSource } from "./settingsFromIntent.js";

/**
 * The article's timeline lines. Each has its plain text in the document's language (logs, the CLI,
 * the brief's clients) and a message `article.step.<key>` / `article.summary.<key>` the UI renders
 * in its own language (renderer/features/article/messages.ts holds both languages of each key), so an
 * English UI reads an English timeline for a Chinese article.
 */
type Locale = "zh" | "en";
type Params = NonNullable<StepText["params"]>;

const line = (locale: Locale, key: string, params: Params | undefined, zh: string, en: string): StepLine => ({
  text: locale === "zh" ? zh : en,
  message: params ? { key, params } : { key },
});

/** A list in both languages' punctuation, as one param. */
const list = (items: readonly (string | number)[]) => ({ zh: items.join("、"), en: items.join(", ") });

export const stepLines = {
  intent: (l: Locale) => line(l, "intent", undefined, "解析写作意图", "Reading the intent"),
  keywords: (l: Locale) => line(l, "keywords", undefined, "提取检索关键词", "Extracting keywords"),
  search: (l: Locale) => line(l, "search", undefined, "检索素材", "Searching materials"),
  /** 重新搜索 with no keywords: the package is cleared and the researcher starts again from its keyword call. */
  researchAgain: (l: Locale) => line(l, "researchAgain", undefined, "清空素材，重新提取关键词", "Clearing the package, extracting keywords afresh"),
  searchMore: (l: Locale, keywords: string[]) => line(l, "searchMore", { keywords: list(keywords) }, `补充检索：${list(keywords).zh}`, `Searching more: ${list(keywords).en}`),
  rank: (l: Locale) => line(l, "rank", undefined, "素材排序", "Ranking materials"),
  addMaterial: (l: Locale) => line(l, "addMaterial", undefined, "加入自有素材", "Adding your material"),
  outline: (l: Locale) => line(l, "outline", undefined, "撰写大纲", "Planning the outline"),
  replan: (l: Locale) => line(l, "replan", undefined, "按意见重写大纲", "Re-planning the outline"),
  draft: (l: Locale, n: number) => line(l, "draft", { n }, `撰写初稿（${n} 节）`, `Drafting ${n} section${n === 1 ? "" : "s"}`),
  regenerate: (l: Locale, sections: number[]) => line(l, "regenerate", { sections: list(sections) }, `重写第 ${list(sections).zh} 节`, `Regenerating section ${list(sections).en}`),
  revise: (l: Locale, sections: number[]) => line(l, "revise", { sections: list(sections) }, `修改第 ${list(sections).zh} 节`, `Revising section ${list(sections).en}`),
  editor: (l: Locale) => line(l, "editor", undefined, "审稿：事实、逻辑、语言", "Reviewing facts, logic, language"),
  manualEdit: (l: Locale) => line(l, "manualEdit", undefined, "保存手动修改", "Saving your edit"),
  finalize: (l: Locale) => line(l, "finalize", undefined, "定稿", "Finalizing"),
};


const marked = (value: { zh: string; en: string }, source: SettingSource) =>
  source === "default" ? { zh: `${value.zh}（默认）`, en: `${value.en} (default)` } : source === "intent" ? { zh: `${value.zh}（取自写作意图）`, en: `${value.en} (from the intent)` } : value;

export const summaryLines = {
  keywords: (l: Locale, keywords: string[]) => line(l, "keywords", { list: list(keywords) }, list(keywords).zh, list(keywords).en),
  /** The guard's note: keywords the model gave that are not drawn from the intent (e.g. the prompt's example ones). */
  keywordsDropped: (l: Locale, dropped: string[]) =>
    dropped.length
      ? line(l, "keywordsDropped", { n: dropped.length, list: list(dropped) }, `（${dropped.length} 个关键词不是来自写作意图，已忽略：${list(dropped).zh}）`, ` (${dropped.length} keywords not drawn from the intent were ignored: ${list(dropped).en})`)
      : null,
  /** "共搜索到 X 条素材，精选 Y 条". */
  materials: (l: Locale, hits: number, kept: number) => line(l, "materials", { hits, kept }, `共搜索到 ${hits} 条素材，精选 ${kept} 条`, `Found ${hits} materials, kept ${kept}`),
  searchesFailed: (l: Locale, n: number) => (n ? line(l, "searchesFailed", { n }, `（${n} 个关键词检索失败）`, ` (${n} searches failed)`) : null),
  intranetUnavailable: (l: Locale, providers: string[]) =>
    providers.length ? line(l, "intranetUnavailable", { providers: list(providers) }, `（内网搜索不可用，本次只用了本地知识库：${list(providers).zh}）`, ` (intranet search unavailable, only the local library was used: ${list(providers).en})`) : null,
  libraryFailed: (l: Locale, failed: boolean) => (failed ? line(l, "libraryFailed", undefined, "（本地知识库检索失败）", " (the local library search failed)") : null),
  newOnes: (l: Locale, n: number) => line(l, "newOnes", { n }, `（本次新增 ${n} 条）`, ` (${n} new)`),
  ownAdded: (l: Locale, id: string) => line(l, "ownAdded", { id }, `（新增自有素材 ${id}）`, ` (added your material ${id})`),
  noMaterial: (l: Locale) => line(l, "noMaterial", undefined, "没有素材", "no material"),
  rankedByModel: (l: Locale) => line(l, "rankedByModel", undefined, "，按相关度排序", ", ranked by relevance"),
  rankFailed: (l: Locale) => line(l, "rankFailed", undefined, "，按检索得分排序（排序调用失败）", ", ranked by search score (the ranking call failed)"),
  keywordsFailed: (l: Locale) => line(l, "keywordsFailed", undefined, "（关键词调用没有给出可用结果，以写作意图本身检索）", " (the keyword call gave nothing usable; the intent itself is searched)"),
  intent: (
    l: Locale,
    type: { zh: string; en: string },
    audience: string,
    words: number,
    questions: number,
    sources: { article_type: SettingSource; target_audience: SettingSource; word_count_target: SettingSource },
  ) => {
    const params = {
      type: marked(type, sources.article_type),
      // The default audience is a setting, not the user's words: each UI reads it in its own language.
      audience: marked(sources.target_audience === "default" ? { zh: "普通读者", en: "general readers" } : { zh: audience, en: audience }, sources.target_audience),
      words: marked({ zh: String(words), en: String(words) }, sources.word_count_target),
      n: questions,
    };
    return line(
      l,
      "intent",
      params,
      `${params.type.zh}，面向${params.audience.zh}，约 ${params.words.zh} 字，${questions} 个关键问题`,
      `${params.type.en} for ${params.audience.en}, about ${params.words.en} words, ${questions} key question${questions === 1 ? "" : "s"}`,
    );
  },
  outline: (l: Locale, title: string, n: number, fallback: boolean) =>
    fallback
      ? line(l, "outlineFallback", { title, n }, `《${title}》，${n} 节（模型未给出可用的大纲，请在下一步修改）`, `"${title}", ${n} section${n === 1 ? "" : "s"} (the model gave no usable outline; edit it at the next step)`)
      : line(l, "outline", { title, n }, `《${title}》，${n} 节`, `"${title}", ${n} section${n === 1 ? "" : "s"}`),
  /** The outline cited no approved material: the code attached each to the section that shares most words with it. */
  materialsAttached: (l: Locale) =>
    line(l, "materialsAttached", undefined, "（大纲没有为章节指定素材，已按用词把已选素材分到各节，可在下一步修改）", " (the outline gave no section a material: your chosen materials were matched to sections by their words; edit them at the next step)"),
  /** Claim grounding's note on a draft: sentences whose cited material does not support them. */
  ungrounded: (l: Locale, n: number) =>
    n ? line(l, "ungrounded", { n }, `（${n} 句引用的素材中找不到依据，已标出，交事实审查）`, ` (${n} sentences are not supported by the material they cite: marked for the fact review)`) : null,
  draft: (l: Locale, version: number, words: number) => line(l, "draft", { v: version, n: words }, `第 ${version} 版，${words} 字`, `Version ${version}, ${words} words`),
  manualEdit: (l: Locale, version: number, words: number) => line(l, "manualEdit", { v: version, n: words }, `第 ${version} 版（手动修改），${words} 字`, `Version ${version} (manual edit), ${words} words`),
  final: (l: Locale, version: number, words: number) => line(l, "final", { v: version, n: words }, `定稿：第 ${version} 版，${words} 字`, `Final: version ${version}, ${words} words`),
  review: (l: Locale, overall: number, threshold: number, verdict: "pass" | "reject" | "forced", rounds: number) =>
    verdict === "pass"
      ? line(l, "reviewPass", { overall, threshold }, `总分 ${overall}（阈值 ${threshold}），通过`, `Overall ${overall} (threshold ${threshold}), pass`)
      : verdict === "forced"
        ? line(l, "reviewForced", { overall, threshold, n: rounds }, `总分 ${overall}（阈值 ${threshold}），未通过，${rounds} 轮后强制接受`, `Overall ${overall} (threshold ${threshold}), reject, force-accepted after ${rounds} rounds`)
        : line(l, "reviewReject", { overall, threshold }, `总分 ${overall}（阈值 ${threshold}），未通过`, `Overall ${overall} (threshold ${threshold}), reject`),
};
