import type { RewriteAction } from "../../../shared/documents.js";

/** What each selection action asks for, in the writer's language. */
const GOALS: Record<RewriteAction, { zh: string; en: string }> = {
  rewrite: { zh: "换一种说法改写这段文字，意思不变，长度相近", en: "Rephrase the passage: same meaning, similar length" },
  expand: { zh: "扩写这段文字：补充细节和解释，长度约为原文的 1.5 到 2 倍，不编造数字和引用", en: "Expand the passage with detail and explanation to about 1.5–2× its length; invent no numbers or citations" },
  shorten: { zh: "缩写这段文字：保留要点，长度约为原文的一半", en: "Shorten the passage to about half its length, keeping the key points" },
  polish: { zh: "润色这段文字：改正语病、理顺语句、统一用词，不改变意思", en: "Polish the passage: fix grammar, smooth the sentences, keep the meaning" },
  translate: { zh: "把这段文字翻译成{target}，术语准确，保留 Markdown 标记和 [m001] 这类引用编号", en: "Translate the passage into {target}; keep Markdown marks and citation ids such as [m001]" },
  custom: { zh: "按用户的指令修改这段文字", en: "Change the passage as the user instructs" },
};

export interface RewritePromptInput {
  action: RewriteAction;
  text: string;
  before: string;
  after: string;
  instruction?: string;
  /** Language of the UI and the prompt. */
  locale: "zh" | "en";
  /** Translation target. */
  target: "zh" | "en";
}

/**
 * One role-locked prompt per call: the editor only rewrites the given passage, answers with the
 * new passage alone (no preface, no quotes), and reads the surrounding text as context only.
 */
export function rewritePrompt(input: RewritePromptInput): { system: string; prompt: string } {
  const zh = input.locale === "zh";
  const targetName = input.target === "zh" ? (zh ? "简体中文" : "Simplified Chinese") : zh ? "英文" : "English";
  const goal = GOALS[input.action][input.locale].replace("{target}", targetName);
  const system = zh
    ? "你是一名资深文字编辑。你只做一件事：按要求改写用户给出的一段文字。只输出改写后的这段文字本身，不要解释，不要加引号或“改写后：”之类的前缀，不要输出上下文。"
    : "You are a senior copy editor. You do one thing: rewrite the passage you are given as asked. Output only the rewritten passage itself: no explanation, no quotes, no preface, no context.";
  const example = zh
    ? "示例——要求：润色。原文：本地模型它可以让资料不出内网的。输出：本地模型可以让资料不出内网。"
    : "Example — task: polish. Passage: Local model it lets the data stays inside. Output: A local model keeps the data inside.";
  const parts = [
    example,
    zh ? `要求：${goal}。` : `Task: ${goal}.`,
    ...(input.instruction ? [zh ? `用户的指令：${input.instruction}` : `User's instruction: ${input.instruction}`] : []),
    ...(input.before ? [zh ? `前文（只作参考，不要输出）：${input.before}` : `Text before (context only, do not output): ${input.before}`] : []),
    ...(input.after ? [zh ? `后文（只作参考，不要输出）：${input.after}` : `Text after (context only, do not output): ${input.after}`] : []),
    zh ? `原文：${input.text}` : `Passage: ${input.text}`,
    zh ? "输出：" : "Output:",
  ];
  return { system, prompt: parts.join("\n\n") };
}

/** Strips what weak models wrap a rewrite in: a preface label, surrounding quotes or a code fence. */
export function cleanRewrite(output: string): string {
  let text = output.trim();
  // Wrappers nest ("输出：“改写后：…”"): peel them in a bounded number of passes.
  for (let pass = 0; pass < 3; pass++) {
    const before = text;
    text = text.replace(/^(?:输出|改写后|改写|润色后|扩写后|缩写后|译文|Output|Rewritten(?: passage)?)\s*[:：]\s*/i, "");
    const fence = /^```[^\n]*\n([\s\S]*?)\n```$/.exec(text);
    if (fence?.[1] !== undefined) text = fence[1];
    const quoted = /^(["“「『])([\s\S]*)(["”」』])$/.exec(text);
    if (quoted?.[2] !== undefined && !/["“”「」『』]/.test(quoted[2])) text = quoted[2];
    text = text.trim();
    if (text === before) break;
  }
  return text;
}
