import { CHECKED_RULES } from "../../../../../shared/rules/checks/analyzeMarkdown.js";
import { fixMarkdown } from "../../../../../shared/rules/fixMarkdown.js";
import { lintMarkdown } from "../../../../../shared/rules/lintMarkdown.js";
import type { RuleModule } from "./Rule.js";
import type { TypographyConventions } from "../../../../../shared/rules/TypographyConventions.js";
import type { Violation } from "../../../../../shared/rules/Violation.js";

const CHECKED = new Set<string>(CHECKED_RULES);

/** The module's rules a deterministic checker decides (typed mechanical in the guide and implemented). */
export function mechanicalRuleIds(module: RuleModule): string[] {
  return module.rules.filter((r) => r.type === "mechanical" && CHECKED.has(r.id)).map((r) => r.id);
}

/** The module's rules left to the review model: semantic ones, and mechanical ones no checker implements. */
export function semanticRuleIds(module: RuleModule): string[] {
  const mech = new Set(mechanicalRuleIds(module));
  return module.rules.filter((r) => !mech.has(r.id)).map((r) => r.id);
}

/** Mechanical findings of one module on a draft. */
export function checkModule(text: string, module: RuleModule, conventions?: Partial<TypographyConventions>): Violation[] {
  const rules = mechanicalRuleIds(module);
  return rules.length ? lintMarkdown(text, conventions, { rules }).violations : [];
}

/** Apply every certain fix of one module's mechanical rules (idempotent; code and markup untouched). */
export function fixModule(text: string, module: RuleModule, conventions?: Partial<TypographyConventions>): string {
  const rules = mechanicalRuleIds(module);
  return rules.length ? fixMarkdown(text, conventions, { rules }) : text;
}
