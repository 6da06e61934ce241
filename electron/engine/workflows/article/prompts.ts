import type { Outline, ParsedIntent } from "../../../../shared/workflows/article.js";
import { definePrompt, renderPrompt, type Locale, type Prompt } from "../common/definePrompt.js";

/**
 * Prompt templates of the article workflow, written for weak local models: a role with a goal
 * and a backstory, "you only do X", one task per call, short inputs (materials as one-line digests
 * with ids) and, for every structured call, one complete JSON example. Each is a named template
 * (`definePrompt`) in Chinese and English with `{placeholders}`; the functions below fill them.
 */

export type { Locale, Prompt };
const json = (value: unknown) => JSON.stringify(value);
const list = (items: string[], empty: string) => (items.length ? items.map((item) => `- ${item}`).join("\n") : empty);

const INTENT = definePrompt({
  zh: {
    system: "你是杂志社的选题编辑。目标：把作者的一句话写作意图整理成写作需求卡。背景：你做了十年选题策划，擅长看出读者是谁、文章要回答什么。你只做这一件事：输出需求卡 JSON，不写文章。",
    prompt: "写作意图：{intent}\n\n请输出 JSON：article_type（news/analysis/feature/report 之一）、target_audience（读者）、word_count_target（字数，从 300、500、800、1000、1200、1500、2000、3000、5000、8000 中选一个）、key_questions（2–5 个文章要回答的问题）。\n示例：{example}",
  },
  en: {
    system: "You are a magazine commissioning editor. Goal: turn the author's one-line intent into a brief. Backstory: ten years of planning features; you see who the readers are and what the piece must answer. You only do this: output the brief as JSON, never the article.",
    prompt: "Intent: {intent}\n\nOutput JSON: article_type (news/analysis/feature/report), target_audience, word_count_target (words: one of 300, 500, 800, 1000, 1200, 1500, 2000, 3000, 5000, 8000), key_questions (2–5 questions the article answers).\nExample: {example}",
  },
});

/** The intent prompt's one example; exported so code can tell the example copied back from an answer. */
export function intentExample(locale: Locale) {
  return locale === "zh"
    ? { article_type: "analysis", target_audience: "企业技术负责人", word_count_target: 1500, key_questions: ["本地大模型能替代云服务吗？", "成本差多少？"] }
    : { article_type: "analysis", target_audience: "IT managers at mid-size firms", word_count_target: 1200, key_questions: ["Can local models replace cloud APIs?", "What does it cost?"] };
}

export function intentPrompt(locale: Locale, intent: string): Prompt {
  return renderPrompt(INTENT, locale, { intent, example: json(intentExample(locale)) });
}

const KEYWORDS = definePrompt({
  zh: {
    system: "你是研究院的检索员。目标：为一篇文章找到最有用的资料。背景：你熟悉资料库检索，知道短而具体的关键词最有效。你只做这一件事：输出检索关键词 JSON。",
    prompt: "写作意图：{intent}\n要回答的问题：\n{questions}\n\n请输出 3–6 个简短的中文检索关键词。\n示例：{example}",
  },
  en: {
    system: "You are a research librarian. Goal: find the most useful material for one article. Backstory: you know library search well; short, specific queries work best. You only do this: output search keywords as JSON.",
    prompt: "Intent: {intent}\nQuestions to answer:\n{questions}\n\nOutput 3–6 short English search keywords.\nExample: {example}",
  },
});

export function keywordsPrompt(locale: Locale, intent: string, parsed: ParsedIntent): Prompt {
  const zh = locale === "zh";
  const keywords = zh ? ["本地大模型 部署成本", "开源模型 企业应用", "数据隐私 合规"] : ["local LLM deployment cost", "open-weight models enterprise", "data privacy compliance"];
  return renderPrompt(KEYWORDS, locale, { intent, questions: list(parsed.key_questions.slice(0, 5), zh ? "（无）" : "(none)"), example: json({ keywords }) });
}

const RANK = definePrompt({
  zh: {
    system: "你是研究院的资料员。目标：把与写作意图最相关的素材排在前面。背景：你每天为编辑部筛选资料，一眼能看出哪条材料能直接用。你只做这一件事：输出素材编号的排序 JSON，不评价内容，不写文章。",
    prompt: "写作意图：{intent}\n\n素材：\n{digests}\n\n请按与写作意图的相关度从高到低，输出全部素材编号。\n示例（三条素材时）：{example}",
  },
  en: {
    system: "You are the researcher's archivist. Goal: put the materials most relevant to the writing intent first. Backstory: you sift sources for an editorial team every day and see at a glance what can be used. You only do this: output the order of the material ids as JSON; you never judge content or write.",
    prompt: "Intent: {intent}\n\nMaterials:\n{digests}\n\nOutput every material id, most relevant to the intent first.\nExample (three materials): {example}",
  },
});

/** The researcher's ranking call: one job, order the materials (id + title + opening) by relevance to the intent. */
export function rankPrompt(locale: Locale, intent: string, digests: string[]): Prompt {
  return renderPrompt(RANK, locale, { intent, digests: digests.join("\n"), example: json({ ranking: ["m002", "m003", "m001"] }) });
}

export interface OutlinePromptInput {
  intent: string;
  parsed: ParsedIntent;
  /** One-line material digests with ids. */
  materials: string[];
  /** The user's feedback on `previous` when re-planning. */
  feedback?: string;
  previous?: Outline;
}

const OUTLINE = definePrompt({
  zh: {
    system: "你是作家，正在为杂志写稿。目标：先列出文章大纲。背景：你写过上百篇深度稿，结构清楚、每节只讲一件事。你只做这一件事：输出大纲 JSON，不写正文。",
    prompt:
      "写作意图：{intent}\n文章类型：{type}；读者：{audience}；约 {words} 字\n要回答的问题：\n{questions}\n可用素材（只能引用这些编号）：\n{materials}{revision}\n\n请输出 3–6 节的大纲 JSON：title、sections（section_title、key_points、material_ids）。\n示例：{example}",
  },
  en: {
    system: "You are a magazine writer. Goal: plan the article's outline first. Backstory: you have written hundreds of features; your structure is clear and each section makes one point. You only do this: output the outline as JSON, never the body.",
    prompt:
      "Intent: {intent}\nType: {type}; readers: {audience}; about {words} words\nQuestions to answer:\n{questions}\nMaterials (cite only these ids):\n{materials}{revision}\n\nOutput an outline of 3–6 sections as JSON: title, sections (section_title, key_points, material_ids).\nExample: {example}",
  },
});

/** The outline prompt's one example; exported so code can tell the example copied back from an answer. */
export function outlineExample(locale: Locale): Outline {
  return locale === "zh"
    ? { title: "本地大模型走进企业", sections: [{ section_title: "为什么企业开始自建模型", key_points: ["数据不出内网", "成本可控"], material_ids: ["m001"] }, { section_title: "落地的三道坎", key_points: ["硬件", "人才", "维护"], material_ids: [] }] }
    : { title: "Local AI Comes to the Office", sections: [{ section_title: "Why firms run their own models", key_points: ["data stays inside", "predictable cost"], material_ids: ["m001"] }, { section_title: "Three hurdles", key_points: ["hardware", "skills", "upkeep"], material_ids: [] }] };
}

export function outlinePrompt(locale: Locale, input: OutlinePromptInput): Prompt {
  const { parsed } = input;
  const zh = locale === "zh";
  const example = outlineExample(locale);
  const revision = !input.feedback
    ? ""
    : zh
      ? `\n\n上一版大纲：${json(input.previous ?? null)}\n用户的修改意见（必须照做）：${input.feedback}`
      : `\n\nPrevious outline: ${json(input.previous ?? null)}\nThe user's feedback (follow it): ${input.feedback}`;
  return renderPrompt(OUTLINE, locale, {
    intent: input.intent,
    type: parsed.article_type,
    audience: parsed.target_audience,
    words: parsed.word_count_target,
    questions: list(parsed.key_questions, zh ? "（无）" : "(none)"),
    materials: list(input.materials, zh ? "（没有素材：material_ids 留空）" : "(no materials: leave material_ids empty)"),
    revision,
    example: json(example),
  });
}

export interface SectionPromptInput {
  articleTitle: string;
  sectionTitle: string;
  keyPoints: string[];
  /** One-line digests of the materials this section may cite. */
  materials: string[];
  /** Target length of this section (words; characters in Chinese). */
  length: number;
  index: number;
  total: number;
  /** On a revision: the current text and what to change. */
  previous?: string;
  notes?: string[];
}

// Stable first: what several sections share (article, materials) before this section's own part,
// so a sequence that drafted another section reuses that prefix from its KV cache.
const SECTION = definePrompt({
  zh: {
    system: "你是作家，正在为杂志写稿。目标：写好文章中的一节。背景：你的文字准确、具体、好读，从不编造事实。你只做这一件事：写出这一节的正文（不写标题，不写其他节）。",
    prompt: "文章：{article}\n{sources}\n\n本节（第 {number}/{total} 节）：{section}\n要点：\n{points}{revision}\n\n请写约 {length} 字的正文。{use}",
  },
  en: {
    system: "You are a magazine writer. Goal: write one section of the article well. Backstory: your prose is accurate, concrete and readable, and you never invent facts. You only do this: write this section's body (no heading, no other section).",
    prompt: "Article: {article}\n{sources}\n\nSection {number} of {total}: {section}\nKey points:\n{points}{revision}\n\nWrite about {length} words.{use}",
  },
});

export function sectionPrompt(locale: Locale, input: SectionPromptInput): Prompt {
  const zh = locale === "zh";
  const sources = input.materials.length
    ? zh
      ? `可引用的素材（引用时在句末写编号，如 [m001]；只能用这些编号）：\n${list(input.materials, "")}`
      : `Materials you may cite (put the id after the sentence, e.g. [m001]; use only these ids):\n${list(input.materials, "")}`
    : zh
      ? "本节没有可用素材：不要写任何 [m…] 编号，不要编造来源，用一句话说明本节没有引用素材。"
      : "This section has no source material: write no [m…] ids, invent no sources, and say in one sentence that no source material was cited.";
  const revision =
    input.previous === undefined
      ? ""
      : zh
        ? `\n\n当前这一节的文字：\n${input.previous}\n\n修改意见（逐条照做，其余保持）：\n${list(input.notes ?? [], "（无）")}`
        : `\n\nThe section's current text:\n${input.previous}\n\nRevision notes (apply each, keep the rest):\n${list(input.notes ?? [], "(none)")}`;
  // A weak model that is only "allowed" to cite writes around the materials; told to restate them, it writes from them.
  const use = !input.materials.length
    ? ""
    : zh
      ? "每句话都要讲素材里的一件事，用素材原文的说法，句末写它的编号；不要写素材里没有的事实。"
      : " Each sentence states one thing a material says, in the material's own words, with its id after it; add no fact the materials do not give.";
  return renderPrompt(SECTION, locale, {
    use,
    article: input.articleTitle,
    sources,
    number: input.index + 1,
    total: input.total,
    section: input.sectionTitle,
    points: list(input.keyPoints, zh ? "（自行把握）" : "(your judgement)"),
    revision,
    length: input.length,
  });
}

/**
 * The fixed wording of the section prompt (system text, labels, instructions; never the article's
 * own inputs), cut at placeholders and punctuation into fragments long enough to be unmistakable
 * (4+ Han characters, 4+ words). A section holding one copied the prompt instead of writing: SmolLM2
 * 135M answered 请写第 80 字的正文 and 你是作家，…为杂志写稿 in its Chinese sections.
 */
export function sectionInstructionFragments(locale: Locale): string[] {
  const zh = locale === "zh";
  const texts = [SECTION[locale].system, SECTION[locale].prompt, sectionPrompt(locale, { articleTitle: "", sectionTitle: "", keyPoints: ["x"], materials: ["x"], length: 1, index: 0, total: 1 }).prompt];
  const pieces = texts.flatMap((t) => t.split(/\{[a-z]+\}|\[m\d+\]|[\p{P}\p{S}\d\n]+/u)).map((p) => p.trim());
  const long = pieces.filter((p) => (zh ? [...p].filter((c) => /\p{Script=Han}/u.test(c)).length >= 4 : p.split(/\s+/).length >= 4));
  return [...new Set(long)];
}

export type ReviewAspect = "facts" | "logic" | "language";

const ASPECT_TASK: Record<ReviewAspect, { zh: string; en: string }> = {
  facts: { zh: "事实核查：文中的事实、数字和引用是否有素材支持，[m…] 编号是否和素材内容相符", en: "fact check: are the facts, numbers and citations supported by the materials, and does each [m…] id match its material" },
  logic: { zh: "逻辑审查：结构是否清楚，论证是否连贯，是否回答了文章要回答的问题", en: "logic review: is the structure clear, is the argument coherent, does it answer the article's questions" },
  language: { zh: "语言审校：用词是否准确，句子是否通顺，风格是否适合读者", en: "language review: is the wording precise, are sentences fluent, does the style suit the readers" },
};

// One system prompt for every aspect and the draft before the aspect: the three reviews of a
// draft share that prefix in the KV cache (stable first).
const REVIEW = definePrompt({
  zh: {
    system: "你是杂志社的编辑。目标：按请求末尾指定的一个方面审稿。背景：你把关过上千篇稿件，意见具体、可执行。你只做这一件事：按这一个方面打分并列出问题，输出 JSON，不改写文章。",
    prompt: "稿件：\n{draft}\n{sources}\n请输出 JSON：score（0–100 的整数）、issues（最多 8 条，每条 severity 为 major 或 minor，location 写问题所在小节的标题，issue、suggestion）。没有问题时 issues 为空数组。\n示例：{example}\n\n审稿方面：{aspect}。",
  },
  en: {
    system: "You are a magazine editor. Goal: review one aspect of a draft, named at the end of the request. Backstory: you have vetted thousands of pieces; your notes are specific and actionable. You only do this: score that one aspect and list issues as JSON, never rewrite the article.",
    prompt: "Draft:\n{draft}\n{sources}\nOutput JSON: score (integer 0–100), issues (at most 8; severity major or minor, location = the title of the section where it is, issue, suggestion). Use an empty issues array when there is none.\nExample: {example}\n\nAspect to review: {aspect}.",
  },
});

/** `ungrounded`: sentences of the draft whose cited material does not support them (the claim checker's), for the facts review. */
export function reviewPrompt(locale: Locale, aspect: ReviewAspect, draft: string, materials: string[], ungrounded: string[] = []): Prompt {
  const zh = locale === "zh";
  const flagged =
    aspect !== "facts" || !ungrounded.length
      ? ""
      : zh
        ? `\n核对发现以下句子在所引素材中找不到依据，请逐条判断：\n${list(ungrounded, "")}\n`
        : `\nA check found no support in the cited material for these sentences; judge each:\n${list(ungrounded, "")}\n`;
  const sources = aspect !== "facts" ? "" : (zh ? `\n素材摘要：\n${list(materials, "（没有素材）")}\n` : `\nMaterial digests:\n${list(materials, "(no materials)")}\n`) + flagged;
  const example = zh
    ? { score: 72, issues: [{ severity: "major", location: "落地的三道坎", issue: "“成本下降 90%” 没有素材支持", suggestion: "删去数字或改为素材 [m002] 中的说法" }] }
    : { score: 72, issues: [{ severity: "major", location: "Three hurdles", issue: "\"costs fall 90%\" has no source", suggestion: "drop the figure or use the wording of [m002]" }] };
  return renderPrompt(REVIEW, locale, { draft, sources, example: json(example), aspect: ASPECT_TASK[aspect][locale] });
}

/** The sentence a section without materials carries instead of invented sources. */
export function noMaterialNote(locale: Locale): string {
  return locale === "zh" ? "（本节没有可引用的素材，未引用任何来源。）" : "(No source material was available for this section; no sources are cited.)";
}
