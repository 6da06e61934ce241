import type { UiLocale } from "./translate.js";

/**
 * The built-in guide's rules (rules/DOC_GUIDELINES.md `### id title`) in English. The checker
 * (`shared/rules`) writes its findings in Chinese, the guide's language; in the en UI a finding
 * is shown by its rule id as the rule's English title.
 */
export const RULE_TITLES_EN: Readonly<Record<string, string>> = {
  "1.1": "Only one level-1 heading in the document",
  "1.2": "Heading levels do not skip, and go four deep at most",
  "1.3": "No full stop at the end of a heading",
  "1.4": "No sub-heading repeats its parent, no two sibling headings are the same",
  "1.5": "No trailing whitespace, one blank line between paragraphs",
  "1.6": "An introductory paragraph between a heading and its sub-headings",
  "1.7": "Short headings, parallel in structure at one level",
  "1.8": "Metadata matches the body",
  "2.1": "A space between Chinese and English or digits",
  "2.2": "No spaces around full-width punctuation, no extra spaces",
  "2.3": "Full-width punctuation in Chinese text",
  "2.4": "No repeated punctuation",
  "2.5": "One quotation mark style",
  "2.6": "Full-width parentheses in Chinese text",
  "2.7": "The ellipsis is written “……”",
  "2.8": "Numbers and units",
  "2.9": "Spaces around inline code",
  "2.10": "No spaces inside link text",
  "2.11": "Paired punctuation is closed and in order",
  "2.12": "Half-width punctuation in English text",
  "3.1": "Code blocks are fenced and name their language",
  "3.2": "Inline code is not empty and has no inner spaces",
  "3.3": "Images have alt text",
  "3.4": "Commands, paths and settings in inline code",
  "3.5": "Figures and tables are numbered, titled and referenced first in the text",
  "3.6": "Example code matches its explanation",
  "4.1": "The sections the document type requires",
  "4.2": "Steps as an ordered list, one action each",
  "4.3": "Link text says where the link goes",
  "4.4": "Prerequisites name their versions",
  "4.5": "FAQ headings are questions, and are answered",
  "4.6": "One changelog format",
  "5.1": "Proper nouns in their correct case",
  "5.2": "No non-standard abbreviations",
  "5.3": "Acronyms spelled out at first use",
  "5.4": "One translation per concept",
  "5.5": "File names in lowercase English with hyphens",
  "5.6": "Tags from the tag whitelist",
  "6.1": "Sentences are not too long",
  "6.2": "One topic per paragraph",
  "6.3": "Active voice and positive statements",
  "6.4": "One way of addressing the reader",
  "6.5": "Decreases are not expressed as multiples",
  "6.6": "An objective tone, no slang",
  "6.7": "Structural particles used correctly, references clear",
};

/** The same rules' titles in Chinese, as the guide writes them (a test keeps them in step with the file). */
export const RULE_TITLES_ZH: Readonly<Record<string, string>> = {
  "1.1": "全文只有一个一级标题",
  "1.2": "标题层级不跳级，最多四级",
  "1.3": "标题末尾不用点号",
  "1.4": "子标题不与上级同名，同级标题不重复",
  "1.5": "行尾不留空白，段落之间只空一行",
  "1.6": "标题与下级标题之间有引导段落",
  "1.7": "标题简洁，同级标题结构平行",
  "1.8": "元数据与正文一致",
  "2.1": "中文与英文、数字之间加空格",
  "2.2": "全角标点前后不加空格，不用多余空格",
  "2.3": "中文语境使用全角标点",
  "2.4": "不重复使用标点",
  "2.5": "引号样式统一",
  "2.6": "括号使用全角",
  "2.7": "省略号写作“……”",
  "2.8": "数字与单位",
  "2.9": "行内代码两侧加空格",
  "2.10": "链接文字内侧不留空格",
  "2.11": "成对标点闭合且顺序正确",
  "2.12": "英文内容使用半角标点",
  "3.1": "代码块使用围栏并标注语言",
  "3.2": "行内代码非空，内侧不留空格",
  "3.3": "图片有替代文字",
  "3.4": "命令、路径和配置项放进行内代码",
  "3.5": "图表编号、有标题并先在正文中引用",
  "3.6": "示例代码与说明一致",
  "4.1": "按文档类型包含必需章节",
  "4.2": "操作步骤使用有序列表，每步一个动作",
  "4.3": "链接文字说明链接目标",
  "4.4": "前提条件写明版本",
  "4.5": "常见问题以问句为标题并给出答案",
  "4.6": "更新日志格式统一",
  "5.1": "专有名词使用正确的大小写",
  "5.2": "不用不规范的缩写",
  "5.3": "缩略语首次出现时给出全称",
  "5.4": "同一概念只用一个译名",
  "5.5": "文件名使用小写英文和连字符",
  "5.6": "标签来自标签白名单",
  "6.1": "句子不宜过长",
  "6.2": "一段只讲一个主题",
  "6.3": "使用主动语态和肯定句",
  "6.4": "统一称呼读者",
  "6.5": "减少量不用倍数表示",
  "6.6": "语气客观，不用口语和流行语",
  "6.7": "“的、地、得”用法正确，指代明确",
};

/**
 * A rule's title in the UI locale, for labels that name a rule ("fix all …", a review change): a
 * user reads "数字与单位", never the guide's numbering "2.8". The deterministic fixer's group is
 * `fix`; an unknown id (a user's own guide) is shown as it is.
 */
export function ruleTitle(locale: UiLocale, rule: string): string {
  if (rule === "fix") return locale === "en" ? "Automatic fix (mechanical rules)" : "自动修正（机械规则）";
  return (locale === "en" ? RULE_TITLES_EN[rule] : RULE_TITLES_ZH[rule]) ?? rule;
}

/** A checker finding in the UI locale: the checker's own (Chinese) message in zh-CN, the rule's English title in en. */
export function ruleText(locale: UiLocale, rule: string, message: string): string {
  return locale === "en" ? (RULE_TITLES_EN[rule] ?? message) : message;
}
