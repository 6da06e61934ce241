/** One numbered rule of a style guide (a `###` heading such as `### 2.1 中文与英文、数字之间加空格`). */
export interface Rule {
  /** Number as written, e.g. "2.1". */
  id: string;
  /** Id of the module that holds it, e.g. "typography_and_symbols". */
  moduleId: string;
  title: string;
  /** mechanical: a deterministic checker decides; semantic: the review model decides. */
  type: "mechanical" | "semantic";
  /**
   * What the rule is about, from its `- 对象：代码、图表` line (absent: the whole text). A rule whose
   * subjects the draft does not contain has nothing to review there, and no model call is made for it.
   */
  subjects?: RuleSubject[];
  /** Markdown under the heading (type line, rationale, ✅/❌ examples), trimmed. */
  body: string;
  /** File name under rules/ and the 1-based inclusive line range of the rule there. */
  file: string;
  lineStart: number;
  lineEnd: number;
}

/** What a rule can be about: code (blocks and inline code), figures (images, tables, 图 1 / Table 1), identifiers (commands, paths, config keys, flags). */
export const RULE_SUBJECTS = ["code", "figure", "identifier"] as const;
export type RuleSubject = (typeof RULE_SUBJECTS)[number];

/** A `##` module heading such as `## typography_and_symbols（排版与符号）` with its rules. */
export interface RuleModule {
  id: string;
  /** Chinese name from the heading, e.g. "排版与符号". */
  name: string;
  rules: Rule[];
}
