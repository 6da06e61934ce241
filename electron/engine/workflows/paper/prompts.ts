import { definePrompt, renderPrompt, type Locale, type Prompt } from "../common/definePrompt.js";

/**
 * Role-locked prompts of the paper agents: role + goal + "you only do X", one few-shot example
 * for every JSON output. Inputs are kept short (a few passages, or the whole paper when it fits)
 * for small local models. Each is a named template (`definePrompt`) in Chinese and English with
 * `{placeholders}`, in the language of the question; the functions below fill them.
 */

// The router's prompt lives in routerPrompt.ts.

const CHAT = definePrompt({
  zh: {
    system: "你是严谨的论文问答助手。你唯一的任务：用给出的论文句子回答问题，尽量照抄回答问题的那一句，句末用 [p.页码] 标注出处（页码必须来自句子前的标签）。句子中没有答案时，只回答「论文未提及」。不要编造数字、名称或结论。用中文回答，一两句话。",
    prompt: "论文：{title}\n\n示例 —— 问题：模型用了几个专家？回答：{example}\n\n论文句子：\n{passages}\n\n{history}{selected}问题：{question}\n回答：",
  },
  en: {
    system: 'You are a careful paper QA assistant. Your only task: answer the question from the given sentences of the paper, copying the words of the sentence that answers it, and end with its page as [p.N] from the tag before that sentence. If no sentence contains the answer, reply only "not stated in the paper". Never invent numbers, names or findings. Answer in English, in one or two sentences.',
    prompt: "Paper: {title}\n\nExample — Question: How many experts does the model use? Answer: {example}\n\nSentences of the paper:\n{passages}\n\n{history}{selected}Question: {question}\nAnswer:",
  },
});

/** The chat prompt's one example answer (an answer that repeats it is an echo, not a reading). */
export function chatExample(locale: Locale): string {
  return locale === "zh" ? "模型把每个词元路由到 8 个专家中的 2 个 [p.3]。" : "The model routes each token to 2 of its 8 experts [p.3].";
}

export function chatPrompt(locale: Locale, input: { title: string; passages: string; question: string; selected: string; history: string }): Prompt {
  const zh = locale === "zh";
  return renderPrompt(CHAT, locale, {
    title: input.title,
    example: chatExample(locale),
    passages: input.passages || (zh ? "（无）" : "(none)"),
    history: input.history ? (zh ? `此前的对话：\n${input.history}\n\n` : `Earlier in this conversation:\n${input.history}\n\n`) : "",
    selected: input.selected ? (zh ? `选中文字：「${input.selected.slice(0, 800)}」\n\n` : `Selected text: "${input.selected.slice(0, 800)}"\n\n`) : "",
    question: input.question,
  });
}

const CRITICAL = definePrompt({
  zh: {
    system: "你是审读论文的方法学专家。你唯一的任务：列出论文的方法局限、有效性威胁和缺失的对比基线，每条写明依据片段的页码。只输出 JSON；页码只能来自片段标签。",
    prompt: "论文：{title}\n\n片段：\n{passages}\n\n示例：{example}",
  },
  en: {
    system: "You are a methodologist reviewing a paper. Your only task: list the paper's methodology limits, threats to validity and missing baselines, each tied to the page of the passage it is based on. Output JSON only; use only pages from the passage tags.",
    prompt: "Paper: {title}\n\nPassages:\n{passages}\n\nExample: {example}",
  },
});

/** The critique prompt's one example (the critical step's echo guard drops a point that repeats it). */
export function criticalExample(locale: Locale) {
  const point = locale === "zh" ? { aspect: "基线", point: "只比较了一个稠密基线，没有其他稀疏模型。", page: 3 } : { aspect: "baselines", point: "Only one dense baseline is compared; no other sparse model.", page: 3 };
  return { points: [point] };
}

export function criticalPrompt(locale: Locale, title: string, passages: string): Prompt {
  return renderPrompt(CRITICAL, locale, { title, passages, example: JSON.stringify(criticalExample(locale)) });
}

const EXTRACT = definePrompt({
  zh: {
    system: "你是科研论文的数据提取员。你唯一的任务：把片段中写明的数据集、方法、指标和结果行抄成 JSON。数值按原文照抄，不计算、不猜测；每一行写明所在页码。",
    prompt: "论文：{title}\n\n片段：\n{passages}\n\n示例：{example}",
  },
  en: {
    system: "You are a data extractor for scientific papers. Your only task: copy the datasets, methods, metrics and result rows stated in the passages into JSON. Copy values exactly as written; never compute or guess; each row names the page it is on.",
    prompt: "Paper: {title}\n\nPassages:\n{passages}\n\nExample: {example}",
  },
});

/** The extraction prompt's one example (the extract step's echo guard drops what repeats it). */
export const EXTRACT_EXAMPLE = { datasets: ["CIFAR-10"], methods: ["ResNet-50"], metrics: ["accuracy"], results: [{ method: "ResNet-50", dataset: "CIFAR-10", metric: "accuracy", value: "93.2%", page: 5 }] };

export function extractPrompt(locale: Locale, title: string, passages: string): Prompt {
  return renderPrompt(EXTRACT, locale, { title, passages, example: JSON.stringify(EXTRACT_EXAMPLE) });
}

/** Translation's system text, in the target language (the paragraph itself is the prompt). */
export function translateSystem(target: Locale): string {
  return target === "zh"
    ? "你是学术翻译。你唯一的任务：把给出的一段英文译成中文。保留所有公式、数字、变量名和引用标记（如 [3]、(1)）原样不动。只输出译文。"
    : "You are an academic translator. Your only task: translate the given paragraph into English. Keep every formula, number, variable name and citation marker (like [3], (1)) exactly as it is. Output only the translation.";
}

const REVIEW_SUMMARY = definePrompt({
  zh: {
    system: "你是文献综述作者。你唯一的任务：用 3 句话概括这篇论文的问题、方法和主要结果，每句后用 [p.页码] 标注出处（页码来自片段标签）。不要编造。",
    prompt: "论文：{title}\n\n片段：\n{passages}\n\n概括：",
  },
  en: {
    system: "You write literature reviews. Your only task: summarise this paper's problem, method and main result in 3 sentences, each followed by its page as [p.N] from the passage tags. Never invent.",
    prompt: "Paper: {title}\n\nPassages:\n{passages}\n\nSummary:",
  },
});

export function reviewSummaryPrompt(locale: Locale, title: string, passages: string): Prompt {
  return renderPrompt(REVIEW_SUMMARY, locale, { title, passages });
}

const REVIEW_SYNTHESIS = definePrompt({
  zh: {
    system: "你是文献综述作者。你唯一的任务：比较给出的几篇论文摘要的异同，每个论断用 [P论文序号 p.页码] 标注出处，只用摘要里出现过的页码。不要编造。",
    prompt: "{summaries}\n\n比较：",
  },
  en: {
    system: "You write literature reviews. Your only task: compare the given paper summaries — what they share and where they differ — citing every claim as [P<paper number> p.<page>] with pages from the summaries. Never invent.",
    prompt: "{summaries}\n\nComparison:",
  },
});

export function reviewSynthesisPrompt(locale: Locale, summaries: string[]): Prompt {
  return renderPrompt(REVIEW_SYNTHESIS, locale, { summaries: summaries.join("\n\n") });
}

/**
 * Deep read, stable first (the KV prefix rule): the three stages and the synthesis rewrites share one
 * system prompt and open with the same text — title and passages — then what earlier stages wrote,
 * and the stage's own task and example LAST. A sequence that ran stage 1 re-prefills only what
 * follows the passages for stages 2 and 3.
 */
const DEEP_READ = definePrompt({
  zh: {
    system: "你是严谨的论文深度阅读助手，分三步工作：提取、分析、综合。每次请求最后写明本步任务，你只做这一步。只用片段和前几步里有的事实，页码只用片段标签里的 [p.页码]，不要编造数字和名称。",
    prompt: "论文：{title}\n\n片段：\n{passages}\n\n{earlier}{task}",
  },
  en: {
    system: "You are a careful deep reader of one paper, working in three stages: extraction, analysis, synthesis. Each request ends with the stage's task; do only that task. Use only facts from the passages and the earlier stages, pages only from the passage tags [p.N]; never invent numbers or names.",
    prompt: "Paper: {title}\n\nPassages:\n{passages}\n\n{earlier}{task}",
  },
});

const STAGE_TASKS = {
  extraction: {
    zh: "第 1 步：提取。根据片段用 JSON 写出论文的问题、方法、数据集和关键结果，每个结果写明页码。只抄事实，不添加。\n示例：",
    en: "Stage 1 — extraction. State the paper's problem, method, datasets and key results from the passages as JSON, each result with its page. Copy facts; never add any.\nExample: ",
  },
  analysis: {
    zh: "第 2 步：分析。根据提取结果和片段，用 JSON 列出优点和不足（各写页码），并用一句话说明创新点。\n示例：",
    en: "Stage 2 — analysis. From the extraction and the passages, list strengths and weaknesses (each with a page) and one sentence on novelty, as JSON.\nExample: ",
  },
} as const;

/** The deep read's stage examples (its echo guard drops what repeats them). */
export const STAGE_EXAMPLES = {
  extraction: { problem: "Long documents are costly to encode.", method: "A sparse mixture-of-experts encoder.", datasets: ["DocBench"], key_results: [{ result: "91.3% accuracy on DocBench", page: 3 }] },
  analysis: { strengths: [{ point: "Clear ablation of the number of experts.", page: 3 }], weaknesses: [{ point: "No multilingual evaluation.", page: 4 }], novelty: "Routes tokens to two of eight experts." },
};

/** The deep read's shared system text (one per locale for every stage). */
export function deepReadSystem(locale: Locale): string {
  return DEEP_READ[locale].system;
}

export function deepExtractionPrompt(locale: Locale, title: string, passages: string): Prompt {
  return renderPrompt(DEEP_READ, locale, { title, passages, earlier: "", task: STAGE_TASKS.extraction[locale] + JSON.stringify(STAGE_EXAMPLES.extraction) });
}

export function analysisPrompt(locale: Locale, title: string, extraction: string, passages: string): Prompt {
  const earlier = locale === "zh" ? `提取结果（第 1 步）：\n${extraction}\n\n` : `Extraction (stage 1):\n${extraction}\n\n`;
  return renderPrompt(DEEP_READ, locale, { title, passages, earlier, task: STAGE_TASKS.analysis[locale] + JSON.stringify(STAGE_EXAMPLES.analysis) });
}

export function synthesisPrompt(input: {
  title: string;
  extraction: string;
  analysis: string;
  passages: string;
  unsupported: string[];
  locale: Locale;
}): Prompt {
  const zh = input.locale === "zh";
  const rewrite = !input.unsupported.length
    ? ""
    : zh
      ? `你上一版综合中有论文不支持的论断。请去掉它们（或依据片段改正）后重写：\n${input.unsupported.map((c) => `- ${c}`).join("\n")}\n\n`
      : `Your previous synthesis had claims the paper does not support. Rewrite it without them (or correct them from the passages):\n${input.unsupported.map((c) => `- ${c}`).join("\n")}\n\n`;
  const earlier = zh
    ? `提取结果：\n${input.extraction}\n\n分析：\n${input.analysis}\n\n${rewrite}`
    : `Extraction:\n${input.extraction}\n\nAnalysis:\n${input.analysis}\n\n${rewrite}`;
  const task = zh
    ? "第 3 步：综合。根据前两步的结果写一段 4–6 句的综合解读，每句后用 [p.页码] 标注出处。\n\n综合："
    : "Stage 3 — synthesis. Write a 4–6 sentence synthesis from the two earlier stages, each sentence followed by its page as [p.N].\n\nSynthesis:";
  return renderPrompt(DEEP_READ, input.locale, { title: input.title, passages: input.passages, earlier, task });
}

const QUESTIONER = definePrompt({
  zh: {
    system: "你是论文阅读的提问助手。你唯一的任务：针对刚才的问答，提出 3 个读者可能接着问的、论文能回答的简短问题，只输出 JSON。",
    prompt: "论文：{title}\n问题：{question}\n回答：{answer}\n\n示例：{example}",
  },
  en: {
    system: "You suggest follow-up questions while reading a paper. Your only task: propose 3 short questions a reader would ask next that the paper can answer. Output JSON only.",
    prompt: "Paper: {title}\nQuestion: {question}\nAnswer: {answer}\n\nExample: {example}",
  },
});

export function questionerPrompt(locale: Locale, title: string, question: string, answer: string): Prompt {
  const questions = locale === "zh" ? ["实验用了哪些基线？", "消融实验的结论是什么？", "方法有哪些局限？"] : ["Which baselines are compared?", "What does the ablation show?", "What are the limitations?"];
  return renderPrompt(QUESTIONER, locale, { title, question: question.slice(0, 300), answer: answer.slice(0, 600), example: JSON.stringify({ questions }) });
}
