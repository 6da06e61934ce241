import type { PaperIntent } from "../../../../shared/workflows/paper.js";
import { definePrompt, renderPrompt, type Locale, type Prompt } from "../common/definePrompt.js";

/**
 * The paper router's prompt, in its own file (the other paper agents' prompts are in prompts.ts).
 * The model decides the intent; a cue phrase decides only where it cannot misroute
 * (keywordIntent.ts). So the prompt carries worked examples of how readers actually ask: indirect,
 * polite, in either language, mostly without naming the intent. None of them is taken from the
 * eval's routing sets (bench/eval/sets/router*.jsonl), which measure it. Two per intent (one zh, one
 * en): each example costs prompt tokens on every routed question, and on the two real test models
 * more examples moved nothing (docs/eval.md, the router).
 */
export const ROUTER_EXAMPLES: ReadonlyArray<{ q: string; intent: PaperIntent }> = [
  { q: "实验一共跑了多少轮？", intent: "chat" },
  { q: "What hardware did they run this on?", intent: "chat" },
  { q: "作者的结论是不是下得太早了？", intent: "critical" },
  { q: "How convincing is their evaluation, honestly?", intent: "critical" },
  { q: "请把这篇论文完整地给我讲一遍", intent: "deep_read" },
  { q: "Help me understand every part of this paper before my exam", intent: "deep_read" },
  { q: "论文里每个方法的准确率分别是多少？都列给我", intent: "extract" },
  { q: "Collect the datasets, metrics and results they report", intent: "extract" },
  { q: "这一段用英文怎么写？", intent: "translate" },
  { q: "What does this paragraph say in Chinese?", intent: "translate" },
  { q: "读完这篇，下一步该读什么？", intent: "recommend" },
  { q: "Which papers are similar to this one?", intent: "recommend" },
  { q: "这几篇论文合起来看，各自的做法有什么异同？", intent: "literature_review" },
  { q: "Tie these papers together into one overview of the field", intent: "literature_review" },
];

const ROUTER = definePrompt({
  zh: {
    system:
      "你是论文阅读助手的意图路由器。你唯一的任务：判断用户问题应交给哪个智能体，只输出 JSON。\n" +
      "chat=就论文内容问一个具体问题；critical=质疑论文：结论可信吗、方法有什么问题、缺了什么对比；deep_read=把整篇论文从头到尾讲清楚；" +
      "extract=把论文里的数据集、方法、指标、数值找出来汇总；translate=把文字换成另一种语言；recommend=推荐接下来可读的其他论文；" +
      "literature_review=把多篇论文合在一起综述。用户常常不说出这些词，按用户想要的结果判断。",
    prompt: "已选论文数：{papers}\n示例：\n{examples}\n{selected}问题：{question}",
  },
  en: {
    system:
      "You are the intent router of a paper-reading assistant. Your only task: decide which agent the user's question goes to; output JSON only.\n" +
      "chat=one specific question about the paper's content; critical=doubting the paper: are the conclusions trustworthy, what is wrong with the method, what comparison is missing; " +
      "deep_read=explain the whole paper from start to end; extract=find and collect the datasets, methods, metrics and numbers in the paper; " +
      "translate=put text into another language; recommend=suggest other papers to read next; literature_review=review several papers together. " +
      "Users rarely say these words: judge by the result the user wants.",
    prompt: "Papers selected: {papers}\nExamples:\n{examples}\n{selected}Question: {question}",
  },
});

/**
 * The examples one intent after another (chat, critical, …, chat, critical, …): grouped by intent,
 * the group shown last would be the one a small model repeats.
 */
function interleaved(): Array<{ q: string; intent: PaperIntent }> {
  const groups = new Map<PaperIntent, Array<{ q: string; intent: PaperIntent }>>();
  for (const e of ROUTER_EXAMPLES) groups.set(e.intent, [...(groups.get(e.intent) ?? []), e]);
  const out: Array<{ q: string; intent: PaperIntent }> = [];
  for (let i = 0; out.length < ROUTER_EXAMPLES.length; i++) for (const group of groups.values()) if (group[i]) out.push(group[i]!);
  return out;
}

/**
 * The router's call (the model is asked unless a cue phrase decides: keywordIntent). What changes
 * between questions (the selection, the question) comes after the examples, so every routed
 * question of a session shares the system prompt and the examples as a prefix that the sequence
 * pool keeps in a sequence's KV cache (SequencePool's prefix affinity): only the question is prefilled.
 */
export function routerPrompt(locale: Locale, question: string, selected: string, paperCount: number): Prompt {
  const zh = locale === "zh";
  const examples = interleaved().map((e) => `${zh ? "问题：" : "Question: "}${e.q} → ${JSON.stringify({ intent: e.intent })}`).join("\n");
  return renderPrompt(ROUTER, locale, {
    question: question.slice(0, 500),
    selected: selected ? (zh ? `选中文字：${selected.slice(0, 200)}\n` : `Selected text: ${selected.slice(0, 200)}\n`) : "",
    papers: paperCount,
    examples,
  });
}
