import type { PaperIntent } from "../../../../shared/workflows/paper.js";

/**
 * Cue phrases that decide an intent without the model, in Chinese and English, checked in this
 * order. Only phrasings that cannot misroute stay: a request, not a topic word. A paper *about*
 * machine translation, feature extraction or recommender systems is asked plain questions that
 * contain "translation", "extract" or "推荐"; a paper's "related work" section is asked about. Those
 * words alone decide nothing here; the model router does (routerPrompt.ts, with worked examples of
 * indirect, polite and bilingual questions). Recommend is checked before literature review: "推荐几篇
 * 综述" asks for reading, not for a review. Every labelled routing query (bench/eval/sets/router*.jsonl)
 * is checked against these in keywordIntent.test.ts: a cue may decide it, never misroute it.
 */
const CUES: ReadonlyArray<[PaperIntent, RegExp]> = [
  [
    "translate",
    /(把|将|请|帮我).{0,30}(翻译|译成|译为|翻成)|翻译(一下|成|为)|译成(中文|英文)|\b(please )?translate (this|these|that|it|the (selected|following|abstract|introduction|caption|paragraph|section|conclusion)|table|figure|section|paragraph)\b|\btranslate\b.{0,60}\b(in)?to (chinese|english)\b|\brender (it |this |the \w+ )?in (chinese|english)\b/i,
  ],
  [
    "recommend",
    /推荐(一些|几篇|相关的?|类似的?|其他的?|一下)(论文|文章|文献|读物)?|推荐(论文|文章|文献|读物)|(请|可以|能)推荐|延伸阅读|还应该读|值得读|入门读物|\brecommend (\w+ ){0,2}(papers|reading|articles|work|studies)\b|\bsuggest (similar|related|some|other) (papers|work|reading)\b|\bwhat should i read\b|\bworth reading\b|\bfollow-up (work|papers)\b|\bfurther reading\b/i,
  ],
  [
    "literature_review",
    /文献综述|文献回顾|写.{0,8}综述|综述一下|研究现状|发展脉络|\bliterature review\b|\breview the literature\b|\b(write|draft) (a |the )?related[- ]work (section|paragraph)\b|\b(short |brief )?survey of (these|the selected|my) papers\b|\bsurvey (these|those|the selected|my) papers\b|\b(in|write|draft) a related[- ]work section\b|\bsynthesi[sz]e (these|the selected|my) papers\b/i,
  ],
  ["deep_read", /深度阅读|深度解读|精读|全面解读|通读|逐节|完整的解读|彻底读懂|深入分析整篇|\bdeep[- ]read|\bin-depth reading\b|\bclose reading\b|\bread (the|this) (whole|entire) paper\b|\bwalk me through the (whole|entire) paper\b/i],
  [
    "extract",
    /(把|请|帮我).{0,20}(提取|抽取)|^\s*(请)?(提取|抽取)|(数据|数值|结果)整理出来|\bpull out (all|every|each)\b|^\s*(please )?(extract|tabulate)\b|(提取|抽取)(出)?(文中|论文中?|所有|全部|每个)|列成表|整理成表|列出(所有|每个|论文里|文中)|汇总(所有|每个)|\btabulate\b|\bmake a table\b|\binto a table\b|\b(extract|pull out) (all|every|each|the) (the )?(datasets?|metrics?|results?|numbers|hyperparameters|values|baselines?)\b|^\s*(please )?list (all|every|each)\b/i,
  ],
  [
    "critical",
    /有哪些(局限|缺陷|不足)|局限性?(在哪|是什么|有哪些)|不足之处|漏掉了?.{0,10}(基线|对比)|批判|有效性威胁|可信吗|统计分析上的问题|\bcritique\b|\bcriticis|\bthreats? to validity\b|\bwhat are the (main |key )?(limitations|weaknesses|flaws)\b|\bweaknesses\b|\bmissing (baseline|comparison)s?\b|\boverstated\b|\bdevil's advocate\b|\bcritical(ly)? (analysis|review|assessment|reading)\b/i,
  ],
];

/** The intent a question names outright, or null when it is a plain question (the model decides). */
export function keywordIntent(question: string): PaperIntent | null {
  const text = question.normalize("NFKC");
  for (const [intent, cue] of CUES) if (cue.test(text)) return intent;
  return null;
}
