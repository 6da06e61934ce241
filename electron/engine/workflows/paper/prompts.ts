/**
 * Role-locked prompts of the paper agents: role + goal + "you only do X", one few-shot example
 * for every JSON output. Inputs are kept short (a few passages) for small local models.
 */

export const ROUTER_SYSTEM =
  "你是论文阅读助手的意图路由器。你唯一的任务：判断用户问题应交给哪个智能体，只输出 JSON。\n" +
  "chat=就论文内容问答；critical=批判分析（方法局限、有效性威胁、缺失基线）；deep_read=深度阅读/全面解读；" +
  "extract=提取数据集、方法、指标、结果；translate=翻译选中文字或某节；recommend=推荐相关论文；" +
  "literature_review=对多篇论文做文献综述。拿不准时选 chat。";

export function routerPrompt(question: string, selected: string, paperCount: number): string {
  return (
    `问题：${question.slice(0, 500)}\n` +
    (selected ? `选中文字：${selected.slice(0, 200)}\n` : "") +
    `已选论文数：${paperCount}\n` +
    `示例：问题"这篇论文用了哪些数据集，列个表" → {"intent":"extract","reason":"提取数据集"}`
  );
}

export function chatSystem(locale: "zh" | "en"): string {
  return locale === "zh"
    ? "你是严谨的论文问答助手。你只根据给出的论文片段回答，每个事实后用 [p.页码] 标注出处（页码必须来自片段标签）。片段中没有答案时，只回答「论文未提及」。不要编造数字、名称或结论。用中文回答，简洁。"
    : "You are a careful paper QA assistant. Answer only from the given passages; after each fact cite its page as [p.N] using the passage tags. If the passages do not contain the answer, reply only \"not stated in the paper\". Never invent numbers, names or findings. Be concise.";
}

export function chatPrompt(input: { title: string; passages: string; question: string; selected: string; history: string }): string {
  return (
    `Paper: ${input.title}\n\nPassages:\n${input.passages || "(none)"}\n\n` +
    (input.history ? `Earlier in this conversation:\n${input.history}\n\n` : "") +
    (input.selected ? `Selected text: "${input.selected.slice(0, 800)}"\n\n` : "") +
    `Question: ${input.question}\nAnswer:`
  );
}

export const CRITICAL_SYSTEM =
  "You are a methodologist reviewing a paper. Your only task: list the paper's methodology limits, threats to validity and missing baselines, each tied to the page of the passage it is based on. Output JSON only; use only pages from the passage tags.";

export function criticalPrompt(title: string, passages: string): string {
  return (
    `Paper: ${title}\n\nPassages:\n${passages}\n\n` +
    `Example: {"points":[{"aspect":"baselines","point":"Only one dense baseline is compared; no other sparse model.","page":3}]}`
  );
}

export const EXTRACT_SYSTEM =
  "You are a data extractor for scientific papers. Your only task: copy the datasets, methods, metrics and result rows stated in the passages into JSON. Copy values exactly as written; never compute or guess; each row names the page it is on.";

export function extractPrompt(title: string, passages: string): string {
  return (
    `Paper: ${title}\n\nPassages:\n${passages}\n\n` +
    `Example: {"datasets":["CIFAR-10"],"methods":["ResNet-50"],"metrics":["accuracy"],"results":[{"method":"ResNet-50","dataset":"CIFAR-10","metric":"accuracy","value":"93.2%","page":5}]}`
  );
}

export function translateSystem(target: "zh" | "en"): string {
  return target === "zh"
    ? "你是学术翻译。你唯一的任务：把给出的一段英文译成中文。保留所有公式、数字、变量名和引用标记（如 [3]、(1)）原样不动。只输出译文。"
    : "You are an academic translator. Your only task: translate the given paragraph into English. Keep every formula, number, variable name and citation marker (like [3], (1)) exactly as it is. Output only the translation.";
}

export function reviewSummarySystem(locale: "zh" | "en"): string {
  return locale === "zh"
    ? "你是文献综述作者。你唯一的任务：用 3 句话概括这篇论文的问题、方法和主要结果，每句后用 [p.页码] 标注出处（页码来自片段标签）。不要编造。"
    : "You write literature reviews. Your only task: summarise this paper's problem, method and main result in 3 sentences, each followed by its page as [p.N] from the passage tags. Never invent.";
}

export function reviewSynthesisSystem(locale: "zh" | "en"): string {
  return locale === "zh"
    ? "你是文献综述作者。你唯一的任务：比较给出的几篇论文摘要的异同，每个论断用 [P论文序号 p.页码] 标注出处，只用摘要里出现过的页码。不要编造。"
    : "You write literature reviews. Your only task: compare the given paper summaries — what they share and where they differ — citing every claim as [P<paper number> p.<page>] with pages from the summaries. Never invent.";
}

/**
 * Deep read, stable first (the KV prefix rule): the three stages and the synthesis rewrites share one
 * system prompt and open with the same text — title and passages — then what earlier stages wrote,
 * and the stage's own task and example LAST. A sequence that ran stage 1 re-prefills only what
 * follows the passages for stages 2 and 3.
 */
export function deepReadSystem(locale: "zh" | "en"): string {
  return locale === "zh"
    ? "你是严谨的论文深度阅读助手，分三步工作：提取、分析、综合。每次请求最后写明本步任务，你只做这一步。只用片段和前几步里有的事实，页码只用片段标签里的 [p.页码]，不要编造数字和名称。"
    : "You are a careful deep reader of one paper, working in three stages: extraction, analysis, synthesis. Each request ends with the stage's task; do only that task. Use only facts from the passages and the earlier stages, pages only from the passage tags [p.N]; never invent numbers or names.";
}

/** The part every deep-read call starts with: identical across the stages of one deep read. */
export function deepReadContext(title: string, passages: string): string {
  return `Paper: ${title}\n\nPassages:\n${passages}\n\n`;
}

export function deepExtractionPrompt(title: string, passages: string): string {
  return (
    deepReadContext(title, passages) +
    "Stage 1 — extraction. State the paper's problem, method, datasets and key results from the passages as JSON, each result with its page. Copy facts; never add any.\n" +
    `Example: {"problem":"Long documents are costly to encode.","method":"A sparse mixture-of-experts encoder.","datasets":["DocBench"],"key_results":[{"result":"91.3% accuracy on DocBench","page":3}]}`
  );
}

export function analysisPrompt(title: string, extraction: string, passages: string): string {
  return (
    deepReadContext(title, passages) +
    `Extraction (stage 1):\n${extraction}\n\n` +
    "Stage 2 — analysis. From the extraction and the passages, list strengths and weaknesses (each with a page) and one sentence on novelty, as JSON.\n" +
    `Example: {"strengths":[{"point":"Clear ablation of the number of experts.","page":3}],"weaknesses":[{"point":"No multilingual evaluation.","page":4}],"novelty":"Routes tokens to two of eight experts."}`
  );
}

export function synthesisPrompt(input: { title: string; extraction: string; analysis: string; passages: string; unsupported: string[]; locale: "zh" | "en" }): string {
  const rewrite = input.unsupported.length
    ? `Your previous synthesis had claims the paper does not support. Rewrite it without them (or correct them from the passages):\n${input.unsupported.map((c) => `- ${c}`).join("\n")}\n\n`
    : "";
  const task =
    input.locale === "zh"
      ? "第 3 步：综合。根据前两步的结果写一段 4–6 句的综合解读，每句后用 [p.页码] 标注出处。"
      : "Stage 3 — synthesis. Write a 4–6 sentence synthesis from the two earlier stages, each sentence followed by its page as [p.N].";
  return `${deepReadContext(input.title, input.passages)}Extraction:\n${input.extraction}\n\nAnalysis:\n${input.analysis}\n\n${rewrite}${task}\n\nSynthesis:`;
}

export function questionerSystem(locale: "zh" | "en"): string {
  return locale === "zh"
    ? "你是论文阅读的提问助手。你唯一的任务：针对刚才的问答，提出 3 个读者可能接着问的、论文能回答的简短问题，只输出 JSON。"
    : "You suggest follow-up questions while reading a paper. Your only task: propose 3 short questions a reader would ask next that the paper can answer. Output JSON only.";
}

export function questionerPrompt(title: string, question: string, answer: string, locale: "zh" | "en"): string {
  const example = locale === "zh" ? '{"questions":["实验用了哪些基线？","消融实验的结论是什么？","方法有哪些局限？"]}' : '{"questions":["Which baselines are compared?","What does the ablation show?","What are the limitations?"]}';
  return `Paper: ${title}\nQuestion: ${question.slice(0, 300)}\nAnswer: ${answer.slice(0, 600)}\n\nExample: ${example}`;
}
