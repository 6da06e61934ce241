import type { DocViolation } from "../../../../../shared/workflows/docgen.js";
import type { LlmClient } from "../../../llm/LlmClient.js";
import type { ParsedGuide } from "../rules/guideChunks.js";
import { mechanicalRuleIds, semanticRuleIds } from "../rules/moduleChecks.js";
import type { RuleModule } from "../rules/Rule.js";
import type { RuleIndex } from "../rules/RuleIndex.js";
import { lintMarkdown } from "../../../../../shared/rules/lintMarkdown.js";
import { numberLines } from "../revise/lineNumbers.js";
import { renderPrompt, type Locale } from "../../common/definePrompt.js";
import { REVIEW_EXAMPLE, REVIEW_PROMPT } from "../prompts.js";
import { reviewBudget, reviewResultSchema, type ReviewResult } from "../schemas.js";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { validateReviewResult } from "./validateReviewResult.js";
import { draftSubjects } from "./draftSubjects.js";
import { echoTexts, type EchoReferences } from "./echoTexts.js";
import { guardFindings, type IgnoredFindings } from "./guardFindings.js";
import { fixableKey, lintIndexOf, type ModuleFindings } from "./ModuleFindings.js";

/** Characters of retrieved rule text in one review prompt. */
export const RULES_CHARS = 3000;

export interface FoundViolations extends Omit<ModuleFindings, "violations"> {
  violations: Array<Omit<DocViolation, "repeated">>;
  /** Model findings refused by validateReviewResult (unknown rule, line out of range). */
  rejected: number;
  /** Model findings refused by the guards (not quoting the draft, echoing the prompt or schema). */
  ignored: IgnoredFindings;
  /** Whether the review model was asked (no: every rule left to it is about something the draft lacks). */
  modelCalled: boolean;
  /** Why the review model gave no usable result this round (its findings are then empty). */
  modelError?: string;
}

/**
 * One module's findings on a draft: the draft is linted once (every rule: the revise's "before"
 * index), the module's checker findings are taken from that; then — when the module has rules no
 * checker decides and the draft holds what they are about — one grammar-constrained review call
 * over the numbered draft and the module's rule chunks (retrieved only when they overflow the
 * budget). Its findings are validated, then kept only when they quote the draft and do not echo
 * the prompt or the schema.
 */
export async function findViolations(
  deps: { llm: LlmClient; ruleIndex: RuleIndex },
  guide: ParsedGuide,
  module: RuleModule,
  draft: string,
  signal?: AbortSignal,
  locale: Locale = "zh",
): Promise<FoundViolations> {
  const lint = lintMarkdown(draft).violations;
  const mechanical = new Set(mechanicalRuleIds(module));
  const fixable: string[] = [];
  const checker = lint
    .filter((v) => mechanical.has(v.rule))
    .map((v) => {
      if (v.replacement) fixable.push(fixableKey(v.rule, v.line));
      return { rule_id: v.rule, line: v.line, excerpt: "", comment: v.message, source: "checker" as const };
    });
  const base = { fixable, lintIndex: lintIndexOf(draft, lint), rejected: 0, ignored: { quote: 0, echo: 0 } };
  const subjects = draftSubjects(draft);
  const semantic = semanticRuleIds(module).filter((id) => {
    const rule = module.rules.find((r) => r.id === id);
    return !rule?.subjects || rule.subjects.some((s) => subjects.has(s));
  });
  if (!semantic.length) return { ...base, violations: dedupe(checker), modelCalled: false };
  const wanted = new Set(semantic);
  const chunks = await ruleChunks(deps.ruleIndex, guide, module.id, wanted, signal);
  const parts: string[] = [];
  const seen = new Set<string>();
  let size = 0;
  for (const c of chunks) {
    if (!wanted.has(c.ruleId) || seen.has(c.id) || size + c.text.length > RULES_CHARS) continue;
    seen.add(c.id);
    parts.push(c.text);
    size += c.text.length;
  }
  // A semantic rule the retrieval missed is still named, so the enum and the prompt agree.
  for (const r of module.rules) if (wanted.has(r.id) && !parts.some((p) => p.includes(`> ${r.id} `))) parts.push(`${r.id} ${r.title}`);
  const ids = semantic as [string, ...string[]];
  const lineCount = draft.split("\n").length;
  const budget = reviewBudget(lineCount);
  const schema = reviewResultSchema(ids, lineCount, budget.findings);
  let value: ReviewResult;
  try {
    ({ value } = await deps.llm.generateStructured({
      ...renderPrompt(REVIEW_PROMPT, locale, { numberedDraft: numberLines(draft), moduleName: module.name, ruleIds: ids.join(locale === "zh" ? "、" : ", "), rules: parts.join("\n\n") }),
      schema,
      tag: { role: "reviewer", step: module.id },
      maxTokens: budget.maxTokens,
      temperature: 0.1,
      signal,
    }));
  } catch (error) {
    if (signal?.aborted || (error instanceof ScriptoriumError && error.code === "aborted")) throw error;
    // A model that cannot produce a valid review does not stop the pipeline: the checkers' findings stand.
    return { ...base, violations: dedupe(checker), modelCalled: true, modelError: error instanceof Error ? error.message : String(error) };
  }
  const checked = validateReviewResult(value, ids, draft);
  const guarded = guardFindings(checked.violations, draft, echoReferences(schema));
  return { ...base, violations: dedupe([...checker, ...guarded.kept]), rejected: checked.rejected.length, ignored: guarded.ignored, modelCalled: true };
}

/**
 * The chunks of the module's rules left to the model: every one of them, in guide order, when they
 * fit the prompt's rule budget together (there is nothing to choose, and embedding a guide with the
 * chat model costs minutes on a weak machine: 45 chunks of the built-in guide took ~185 s on Gemma
 * 3 270M with one thread); only a module whose rules overflow the budget is ranked by retrieval.
 */
async function ruleChunks(index: RuleIndex, guide: ParsedGuide, moduleId: string, wanted: ReadonlySet<string>, signal?: AbortSignal) {
  const own = guide.chunks.filter((c) => c.moduleKey === moduleId && wanted.has(c.ruleId));
  if (own.reduce((size, c) => size + c.text.length, 0) <= RULES_CHARS) return own;
  return index.moduleChunks(guide, moduleId, signal);
}

/** The example's texts (both locales: a model may copy either) and the schema's descriptions. */
function echoReferences(schema: Parameters<typeof echoTexts>[0]): EchoReferences {
  const example = [REVIEW_EXAMPLE.zh, REVIEW_EXAMPLE.en].flatMap((e) => [e.excerpt, e.comment]);
  return echoTexts(schema, example);
}

function dedupe<T extends { rule_id: string; line: number; source: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((v) => {
    const key = `${v.source}:${v.rule_id}:${v.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
