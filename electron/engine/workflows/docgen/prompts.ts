import { definePrompt } from "../common/definePrompt.js";

/**
 * Prompt templates of the doc generator, one per call, in Chinese and English (the document's
 * locale): role + goal + "only do X" + one few-shot JSON example. What calls share (the numbered
 * draft) comes first in a prompt, so a sequence that already holds it in its KV cache reuses it
 * across modules. Filled with `renderPrompt(TEMPLATE, locale, values)`.
 */

export const SCAN_PROMPT = definePrompt({
  zh: {
    system: "你是代码阅读助手。目标：为撰写项目技术文档收集事实。你只做一件事：每次选择一个工具调用，或在信息足够时选择 finish。只输出 JSON。",
    prompt:
      "文档主题：{topic}\n\n项目骨架（确定性扫描结果）：\n{skeleton}\n\n{history}\n\n剩余步数：{stepsLeft}。可用工具：list_dir(path)、search_keyword(query, regex?, path?)、read_file(path, start_line?, end_line?)、get_file_outline(path)；或 finish。\n\n" +
      '示例：{"tool":"get_file_outline","args":{"path":"src/index.ts"},"reason":"查看入口文件导出的函数"}',
  },
  en: {
    system: "You are a code-reading assistant. Goal: collect facts for a project's technical document. You only do this: choose one tool call at a time, or finish when you know enough. Output JSON only.",
    prompt:
      "Document topic: {topic}\n\nProject skeleton (deterministic scan):\n{skeleton}\n\n{history}\n\nSteps left: {stepsLeft}. Tools: list_dir(path), search_keyword(query, regex?, path?), read_file(path, start_line?, end_line?), get_file_outline(path); or finish.\n\n" +
      'Example: {"tool":"get_file_outline","args":{"path":"src/index.ts"},"reason":"see what the entry file exports"}',
  },
});

export const OVERVIEW_PROMPT = definePrompt({
  zh: {
    system: "你是技术文档作者。你只做一件事：根据给出的项目事实写项目概览。只写事实中出现的内容，不编造。只输出 JSON。",
    prompt:
      "文档主题：{topic}\n\n项目事实：\n{facts}\n\n" +
      '示例：{"summary":"demo-cli 是一个命令行工具……","components":[{"name":"src/index.ts","role":"命令行入口，解析参数并调用 run"}],"usage":"npm run build 后执行 demo-cli"}',
  },
  en: {
    system: "You are a technical writer. You only do this: write a project overview from the facts given. Write only what the facts contain; invent nothing. Output JSON only.",
    prompt:
      "Document topic: {topic}\n\nProject facts:\n{facts}\n\n" +
      'Example: {"summary":"demo-cli is a command-line tool that…","components":[{"name":"src/index.ts","role":"CLI entry: parses arguments and calls run"}],"usage":"npm run build, then run demo-cli"}',
  },
});

/** The outline prompt's few-shot example, per locale: the echo guard knows what the model was shown. */
export const OUTLINE_EXAMPLES = {
  zh: {
    title: "demo-cli 技术文档",
    sections: [
      { title: "概述", scope: "项目目标与适用场景，不含安装步骤" },
      { title: "安装与配置", scope: "环境要求、安装命令与配置项" },
      { title: "命令参考", scope: "每个命令的参数与示例" },
    ],
  },
  en: {
    title: "demo-cli technical guide",
    sections: [
      { title: "Overview", scope: "goals and use cases, not installation" },
      { title: "Installation and configuration", scope: "requirements, install commands, settings" },
      { title: "Command reference", scope: "each command's options with examples" },
    ],
  },
} as const;

export const OUTLINE_PROMPT = definePrompt({
  zh: {
    system: "你是技术文档架构师。你只做一件事：为文档设计大纲。大纲必须满足 MECE 原则：各章节互不重叠（相互独立），合起来完整覆盖主题（完全穷尽）。只输出 JSON。",
    prompt:
      "文档主题：{topic}\n\n资料：\n{context}\n\n{feedback}要求：{sectionCount}个章节；每个章节写明范围（scope），说明它讲什么、不讲什么，避免与其他章节重叠。\n\n" +
      `示例：${JSON.stringify(OUTLINE_EXAMPLES.zh)}`,
  },
  en: {
    system: "You are a documentation architect. You only do this: design the outline of a document. The outline must be MECE: sections do not overlap (mutually exclusive) and together cover the topic (collectively exhaustive). Output JSON only.",
    prompt:
      "Document topic: {topic}\n\nSource:\n{context}\n\n{feedback}Requirements: {sectionCount} sections; give each a scope saying what it covers and what it does not, so no two sections overlap.\n\n" +
      `Example: ${JSON.stringify(OUTLINE_EXAMPLES.en)}`,
  },
});

/**
 * A section's longest length as its prompt asks it (upper bound, in words; characters in Chinese;
 * a section of little material asks less: materialBudget's sectionBudget). The
 * writer stops continuing there and ends at a sentence: a weak model rarely ends its turn, and a
 * Gemma section once ran nine budgets long (8 minutes) with nothing but the budget to stop it.
 */
export const SECTION_WORDS = { zh: 400, en: 300 } as const;

export const SECTION_PROMPT = definePrompt({
  zh: {
    system: "你是技术文档作者。你只做一件事：写文档的一个章节，用中文 Markdown。只写本章节范围内的内容，不写其他章节的内容，不编造资料中没有的命令、路径或数字。",
    prompt:
      "文档：{title}（主题：{topic}；日期：{date}）\n\n全部章节：{sections}\n\n资料：\n{context}\n\n现在只写第 {number} 章「{sectionTitle}」。范围：{scope}\n\n" +
      `以二级标题 "## {sectionTitle}" 开头，正文 {minWords} 到 {maxWords} 字。{notes}`,
  },
  en: {
    system: "You are a technical writer. You only do this: write one section of a document in English Markdown. Write only what belongs to this section's scope, nothing of the other sections, and no command, path or number the source does not give.",
    prompt:
      "Document: {title} (topic: {topic}; date: {date})\n\nAll sections: {sections}\n\nSource:\n{context}\n\nWrite only section {number}, \"{sectionTitle}\". Scope: {scope}\n\n" +
      `Start with the heading "## {sectionTitle}", then {minWords} to {maxWords} words.{notes}`,
  },
});

/**
 * The review prompt's few-shot finding, per locale: the prompt shows it as JSON, and a finding that
 * copies it (or the schema's descriptions) is refused as an echo (guardFindings). A test keeps the two in step.
 */
export const REVIEW_EXAMPLE = {
  zh: { rule_id: "6.6", line: 12, excerpt: "贼好用", comment: "口语化，改为“易于使用”" },
  en: { rule_id: "6.6", line: 12, excerpt: "super handy", comment: 'colloquial; write "easy to use"' },
} as const;

export const REVIEW_PROMPT = definePrompt({
  zh: {
    system: "你是技术文档审校员。你只做一件事：对照给出的规则检查带行号的文档，找出违反规则的地方。只报告确实违反的规则；没有问题时返回空列表。只输出 JSON。",
    prompt:
      "文档（每行前是 4 位行号）：\n{numberedDraft}\n\n审查模块：{moduleName}。只检查下列规则（rule_id 只能是 {ruleIds}）：\n{rules}\n\n" +
      'line 写问题所在的行号（数字），excerpt 原样摘抄该行中有问题的词句。示例：{"violations":[{"rule_id":"6.6","line":12,"excerpt":"贼好用","comment":"口语化，改为“易于使用”"}]}',
  },
  en: {
    system: "You are a technical-document reviewer. You only do this: check the line-numbered document against the rules given and find where it breaks them. Report only real violations; with none, return an empty list. Output JSON only.",
    prompt:
      "Document (each line starts with a 4-digit line number):\n{numberedDraft}\n\nReview module: {moduleName}. Check only these rules (rule_id must be one of {ruleIds}):\n{rules}\n\n" +
      'line is the number of the offending line; excerpt copies the offending words exactly. Example: {"violations":[{"rule_id":"6.6","line":12,"excerpt":"super handy","comment":"colloquial; write \\"easy to use\\""}]}',
  },
});

export const REVISE_PROMPT = definePrompt({
  zh: {
    system: "你是技术文档修订员。你只做一件事：按审查意见修改指定的行。old_text 原样抄写要替换的行（不带行号），new_content 是修改后的文本（不带行号）。只改有问题的行，不改其他内容。只输出 JSON。",
    prompt:
      "文档片段（每行前是 4 位行号）：\n{numberedExcerpt}\n\n规则：\n{rule}\n\n审查意见：\n{comments}\n\n" +
      '示例：{"replacements":[{"start_line":12,"end_line":12,"old_text":"这个工具贼好用。","new_content":"这个工具易于使用。","reason":"6.6 口语化"}]}',
  },
  en: {
    system: "You are a technical-document editor. You only do this: change the named lines as the review says. old_text copies the lines to replace exactly (without line numbers); new_content is the changed text (without line numbers). Change only the faulty lines, nothing else. Output JSON only.",
    prompt:
      "Excerpt (each line starts with a 4-digit line number):\n{numberedExcerpt}\n\nRule:\n{rule}\n\nReview comments:\n{comments}\n\n" +
      'Example: {"replacements":[{"start_line":12,"end_line":12,"old_text":"This tool is super handy.","new_content":"This tool is easy to use.","reason":"6.6 colloquial"}]}',
  },
});

/** Today's date from the local clock (the document's date; never looked up online). */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
