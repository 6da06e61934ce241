/** One numbered rule of a style guide (a `###` heading such as `### 2.1 中文与英文、数字之间加空格`). */
export interface Rule {
  /** Number as written, e.g. "2.1". */
  id: string;
  /** Id of the module that holds it, e.g. "typography_and_symbols". */
  moduleId: string;
  title: string;
  /** mechanical: a deterministic checker decides; semantic: the review model decides. */
  type: "mechanical" | "semantic";
  /** Markdown under the heading (type line, rationale, ✅/❌ examples), trimmed. */
  body: string;
  /** File name under rules/ and the 1-based inclusive line range of the rule there. */
  file: string;
  lineStart: number;
  lineEnd: number;
}

/** A `##` module heading such as `## typography_and_symbols（排版与符号）` with its rules. */
export interface RuleModule {
  id: string;
  /** Chinese name from the heading, e.g. "排版与符号". */
  name: string;
  rules: Rule[];
}

/** A chunk of a rule for the `rules` knowledge collection. */
export interface RuleChunk {
  /** Stable id: `rule:<ruleId>`. */
  id: string;
  /** `【所属章节：Module > Rule】` prefix, then the rule text. */
  text: string;
  /** e.g. `排版与符号（typography_and_symbols） > 2.1 中文与英文、数字之间加空格`. */
  headingPath: string;
  meta: { moduleId: string; moduleName: string; ruleId: string; ruleType: Rule["type"]; file: string };
  lineStart: number;
  lineEnd: number;
}
