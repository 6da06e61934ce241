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

/** A checker finding in the UI locale: the checker's own (Chinese) message in zh-CN, the rule's English title in en. */
export function ruleText(locale: UiLocale, rule: string, message: string): string {
  return locale === "en" ? (RULE_TITLES_EN[rule] ?? message) : message;
}
