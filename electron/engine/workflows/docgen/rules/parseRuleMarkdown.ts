import { ScriptoriumError } from "../../../../../shared/errors.js";
import { RULE_SUBJECTS, type Rule, type RuleModule, type RuleSubject } from "./Rule.js";

const MODULE_HEADING = /^##\s+([A-Za-z][\w-]*)\s*[（(]\s*(.+?)\s*[）)]\s*$/;
const RULE_HEADING = /^###\s+(\d+\.\d+)\s+(.+?)\s*$/;
const TYPE_LINE = /^\s*[-*]\s*类型\s*[：:]\s*(mechanical|semantic)\b/m;
const SUBJECT_LINE = /^\s*[-*]\s*(?:对象|applies to)\s*[：:]\s*(.+)$/im;
/** The words a `- 对象：` line may use, in either language. */
const SUBJECT_WORDS: Record<string, RuleSubject> = { 代码: "code", code: "code", 图表: "figure", figure: "figure", figures: "figure", 标识符: "identifier", identifier: "identifier", identifiers: "identifier" };

/**
 * Parse one style-guide file: `##` headings of the form `id（中文名）` open a module, numbered `###` headings
 * inside a module are rules. Other `##` headings (introductions, settings tables) are not modules.
 * Throws `bad_request` when a rule has no `类型：mechanical|semantic` line.
 */
export function parseRuleMarkdown(markdown: string, file: string): RuleModule[] {
  const lines = markdown.split(/\r?\n/);
  const modules: RuleModule[] = [];
  let module: RuleModule | undefined;
  let rule: { id: string; title: string; start: number } | undefined;
  let fence: string | undefined;
  const closeRule = (endIndex: number): void => {
    if (!rule || !module) return;
    let last = endIndex;
    while (last > rule.start && (lines[last] ?? "").trim() === "") last--;
    const body = lines.slice(rule.start + 1, last + 1).join("\n").trim();
    const type = TYPE_LINE.exec(body)?.[1] as Rule["type"] | undefined;
    if (!type) throw new ScriptoriumError("bad_request", `Rule ${rule.id} in ${file} has no "- 类型：mechanical|semantic" line.`, { file, rule: rule.id });
    const subjects = subjectsOf(body, rule.id, file);
    module.rules.push({
      id: rule.id,
      moduleId: module.id,
      title: rule.title,
      type,
      ...(subjects ? { subjects } : {}),
      body,
      file,
      lineStart: rule.start + 1,
      lineEnd: last + 1,
    });
    rule = undefined;
  };
  lines.forEach((line, i) => {
    const fenceMatch = /^\s*(```|~~~)/.exec(line);
    if (fenceMatch) {
      if (fence === undefined) fence = fenceMatch[1];
      else if (fenceMatch[1] === fence) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    if (/^#{1,2}\s/.test(line)) {
      closeRule(i - 1);
      const m = MODULE_HEADING.exec(line);
      module = m ? { id: m[1]!, name: m[2]!, rules: [] } : undefined;
      if (module) modules.push(module);
      return;
    }
    if (/^###\s/.test(line)) {
      closeRule(i - 1);
      const m = RULE_HEADING.exec(line);
      rule = m && module ? { id: m[1]!, title: m[2]!, start: i } : undefined;
    }
  });
  closeRule(lines.length - 1);
  return modules;
}

/** The subjects of a `- 对象：代码、图表` line (none: the rule is about the whole text); an unknown word is `bad_request` naming it. */
function subjectsOf(body: string, ruleId: string, file: string): RuleSubject[] | undefined {
  const line = SUBJECT_LINE.exec(body)?.[1];
  if (line === undefined) return undefined;
  const words = line.split(/[、,，/\s]+/).map((w) => w.trim().toLowerCase()).filter(Boolean);
  const subjects = words.map((w) => SUBJECT_WORDS[w]);
  const unknown = words.filter((_w, i) => !subjects[i]);
  if (unknown.length || !words.length) {
    throw new ScriptoriumError("bad_request", `Rule ${ruleId} in ${file}: "对象" may name ${Object.keys(SUBJECT_WORDS).join(", ")}; got "${line.trim()}".`, { file, rule: ruleId });
  }
  return [...new Set(subjects as RuleSubject[])].filter((s) => (RULE_SUBJECTS as readonly string[]).includes(s));
}
