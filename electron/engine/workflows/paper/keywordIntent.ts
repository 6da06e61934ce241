import type { PaperIntent } from "../../../../shared/workflows/paper.js";

/**
 * Cue phrases that name an intent outright, in Chinese and English, checked in this order (a
 * request to translate a review is a translation; a review of several papers is not a deep read).
 * Plain questions about the paper carry none of them and go to the model router (or chat).
 */
const CUES: ReadonlyArray<[PaperIntent, RegExp]> = [
  ["translate", /翻译|译成|译为|翻成|\btranslat(e|ion)\b|\brender (it |this |the \w+ )?in (chinese|english)\b|\bin(to)? (chinese|english)\b.*\b(version|please)\b/i],
  ["literature_review", /综述|文献回顾|相关工作|研究现状|发展脉络|\bliterature review\b|\brelated[- ]work\b|\bsurvey\b|\bstate of the art\b|\bsynthesi[sz]e\b|\breview the literature\b/i],
  ["recommend", /推荐|延伸阅读|还应该读|值得读|入门读物|\brecommend|\bsuggest (similar|related|some|other)\b|\bwhat should i read\b|\bworth reading\b|\bfollow-up (work|papers)\b|\bfurther reading\b/i],
  ["deep_read", /深度阅读|深度解读|精读|全面解读|通读|逐节|完整的解读|彻底读懂|深入分析整篇|\bdeep[- ]read|\bin-depth\b|\bclose reading\b|\bthorough(ly)?\b.*\b(read|paper)\b|\b(whole|entire) paper\b/i],
  ["extract", /提取|抽取|列成表|整理成表|列出(所有|每个|论文里|文中)?|整理出来|汇总(所有|每个)?|\bextract\b|\btabulate\b|\bmake a table\b|\bpull out\b|\blist (every|all|each)\b|\binto a table\b/i],
  ["critical", /局限|缺陷|不足之处|批判|有效性威胁|漏掉|可信吗|统计分析上的问题|\bweakness(es)?\b|\blimitations?\b|\bcritique\b|\bcriticis|\bthreats? to validity\b|\bmissing (baseline|comparison)s?\b|\bflaws?\b|\boverstated\b|\bdevil's advocate\b/i],
];

/** The intent a question names outright, or null when it is a plain question (the model decides). */
export function keywordIntent(question: string): PaperIntent | null {
  const text = question.normalize("NFKC");
  for (const [intent, cue] of CUES) if (cue.test(text)) return intent;
  return null;
}
