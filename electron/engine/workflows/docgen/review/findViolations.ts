import type { DocViolation } from "../../../../../shared/workflows/docgen.js";
import type { LlmClient } from "../../../llm/LlmClient.js";
import type { ParsedGuide } from "../rules/guideChunks.js";
import { checkModule, semanticRuleIds } from "../rules/moduleChecks.js";
import type { RuleModule } from "../../../rules/Rule.js";
import type { RuleIndex } from "../rules/RuleIndex.js";
import { numberLines } from "../revise/lineNumbers.js";
import { renderPrompt, type Locale } from "../../common/definePrompt.js";
import { REVIEW_PROMPT } from "../prompts.js";
import { reviewResultSchema, type ReviewResult } from "../schemas.js";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { validateReviewResult } from "./validateReviewResult.js";

/** Characters of retrieved rule text in one review prompt. */
const RULES_CHARS = 3000;

export interface FoundViolations {
  violations: Array<Omit<DocViolation, "repeated">>;
  /** Model findings refused by validateReviewResult (unknown rule, line out of range). */
  rejected: number;
  /** Whether the deterministic fix can repair each checker finding (by line). */
  fixable: Set<string>;
  /** Why the review model gave no usable result this round (its findings are then empty). */
  modelError?: string;
}

/**
 * One module's findings on a draft: its deterministic checkers first (exact lines), then — when the
 * module has rules no checker decides — one grammar-constrained review call over the numbered
 * draft and the rule chunks retrieved for the module, validated before anything is kept.
 */
export async function findViolations(
  deps: { llm: LlmClient; ruleIndex: RuleIndex },
  guide: ParsedGuide,
  module: RuleModule,
  draft: string,
  signal?: AbortSignal,
  locale: Locale = "zh",
): Promise<FoundViolations> {
  const fixable = new Set<string>();
  const checker = checkModule(draft, module).map((v) => {
    if (v.replacement) fixable.add(`${v.rule}:${v.line}`);
    return { rule_id: v.rule, line: v.line, excerpt: "", comment: v.message, source: "checker" as const };
  });
  const semantic = semanticRuleIds(module);
  if (!semantic.length) return { violations: dedupe(checker), rejected: 0, fixable };
  const chunks = await deps.ruleIndex.moduleChunks(guide, module.id, signal);
  const wanted = new Set(semantic);
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
  let value: ReviewResult;
  try {
    ({ value } = await deps.llm.generateStructured({
      ...renderPrompt(REVIEW_PROMPT, locale, { numberedDraft: numberLines(draft), moduleName: module.name, ruleIds: ids.join(locale === "zh" ? "、" : ", "), rules: parts.join("\n\n") }),
      schema: reviewResultSchema(ids, draft.split("\n").length),
      tag: { role: "reviewer", step: module.id },
      maxTokens: 800,
      temperature: 0.1,
      signal,
    }));
  } catch (error) {
    if (signal?.aborted || (error instanceof ScriptoriumError && error.code === "aborted")) throw error;
    // A model that cannot produce a valid review does not stop the pipeline: the checkers' findings stand.
    return { violations: dedupe(checker), rejected: 0, fixable, modelError: error instanceof Error ? error.message : String(error) };
  }
  const checked = validateReviewResult(value, ids, draft);
  return { violations: dedupe([...checker, ...checked.violations]), rejected: checked.rejected.length, fixable };
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
