import type { DocOutline } from "../../../../shared/workflows/docgen.js";

/**
 * Prompt templates of the doc generator: role + goal + "only do X" + one few-shot JSON example.
 * What calls share (the numbered draft) comes first in a prompt, so a sequence that already holds
 * it in its KV cache reuses it across modules.
 */

export const SCAN_SYSTEM =
  "你是代码阅读助手。目标：为撰写项目技术文档收集事实。你只做一件事：每次选择一个工具调用，或在信息足够时选择 finish。只输出 JSON。";

export function scanPrompt(topic: string, skeleton: string, history: string, stepsLeft: number): string {
  return [
    `文档主题：${topic}`,
    "项目骨架（确定性扫描结果）：",
    skeleton,
    history ? `已执行的步骤与结果：\n${history}` : "尚未执行任何步骤。",
    `剩余步数：${stepsLeft}。可用工具：list_dir{path}、search_keyword{query, regex?, path?}、read_file{path, start_line?, end_line?}、get_file_outline{path}；或 finish。`,
    '示例：{"tool":"get_file_outline","args":{"path":"src/index.ts"},"reason":"查看入口文件导出的函数"}',
  ].join("\n\n");
}

export const OVERVIEW_SYSTEM = "你是技术文档作者。你只做一件事：根据给出的项目事实写项目概览。只写事实中出现的内容，不编造。只输出 JSON。";

export function overviewPrompt(topic: string, facts: string): string {
  return [
    `文档主题：${topic}`,
    `项目事实：\n${facts}`,
    '示例：{"summary":"demo-cli 是一个命令行工具……","components":[{"name":"src/index.ts","role":"命令行入口，解析参数并调用 run"}],"usage":"npm run build 后执行 demo-cli"}',
  ].join("\n\n");
}

export const OUTLINE_SYSTEM =
  "你是技术文档架构师。你只做一件事：为文档设计大纲。大纲必须满足 MECE 原则：各章节互不重叠（相互独立），合起来完整覆盖主题（完全穷尽）。只输出 JSON。";

export function outlinePrompt(topic: string, context: string, feedback: string): string {
  return [
    `文档主题：${topic}`,
    `资料：\n${context || "（无）"}`,
    feedback ? `用户对上一版大纲的意见：${feedback}` : "",
    "要求：3 到 8 个章节；每个章节写明范围（scope），说明它讲什么、不讲什么，避免与其他章节重叠。",
    '示例：{"title":"demo-cli 技术文档","sections":[{"title":"概述","scope":"项目目标与适用场景，不含安装步骤"},{"title":"安装与配置","scope":"环境要求、安装命令与配置项"},{"title":"命令参考","scope":"每个命令的参数与示例"}]}',
  ]
    .filter(Boolean)
    .join("\n\n");
}

export const SECTION_SYSTEM =
  "你是技术文档作者。你只做一件事：写文档的一个章节，用中文 Markdown。只写本章节范围内的内容，不写其他章节的内容，不编造资料中没有的命令、路径或数字。";

/** Today's date from the local clock (the document's date; never looked up online). */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function sectionPrompt(topic: string, context: string, outline: DocOutline, index: number, date = localDate(), notes = ""): string {
  const s = outline.sections[index]!;
  return [
    `文档：${outline.title}（主题：${topic}；日期：${date}）`,
    `全部章节：${outline.sections.map((x, i) => `${i + 1}. ${x.title}`).join("；")}`,
    `资料：\n${context || "（无）"}`,
    `现在只写第 ${index + 1} 章「${s.title}」。范围：${s.scope}`,
    `以二级标题 "## ${s.title}" 开头，正文 150 到 400 字。`,
    ...(notes.trim() ? [`用户对本章的要求：${notes.trim()}`] : []),
  ].join("\n\n");
}

export const REVIEW_SYSTEM =
  "你是技术文档审校员。你只做一件事：对照给出的规则检查带行号的文档，找出违反规则的地方。只报告确实违反的规则；没有问题时返回空列表。只输出 JSON。";

export function reviewPrompt(numberedDraft: string, moduleName: string, rulesText: string, ruleIds: readonly string[]): string {
  return [
    `文档（每行前是 4 位行号）：\n${numberedDraft}`,
    `审查模块：${moduleName}。只检查下列规则（rule_id 只能是 ${ruleIds.join("、")}）：\n${rulesText}`,
    'line 写问题所在的行号（数字），excerpt 原样摘抄该行中有问题的词句。示例：{"violations":[{"rule_id":"6.6","line":12,"excerpt":"贼好用","comment":"口语化，改为“易于使用”"}]}',
  ].join("\n\n");
}

export const REVISE_SYSTEM =
  "你是技术文档修订员。你只做一件事：按审查意见修改指定的行。old_text 原样抄写要替换的行（不带行号），new_content 是修改后的文本（不带行号）。只改有问题的行，不改其他内容。只输出 JSON。";

export function revisePrompt(numberedExcerpt: string, ruleText: string, comments: readonly string[]): string {
  return [
    `文档片段（每行前是 4 位行号）：\n${numberedExcerpt}`,
    `规则：\n${ruleText}`,
    `审查意见：\n${comments.join("\n")}`,
    '示例：{"replacements":[{"start_line":12,"end_line":12,"old_text":"这个工具贼好用。","new_content":"这个工具易于使用。","reason":"6.6 口语化"}]}',
  ].join("\n\n");
}
