// The deterministic checkers are pure (remark only) and live in shared/rules/, so the renderer's
// editor lints in a Web Worker with the very same code the engine and the CLI run.
export { lintMarkdown, type LintOptions } from "../../../shared/rules/lintMarkdown.js";
export { fixMarkdown } from "../../../shared/rules/fixMarkdown.js";
export { CHECKED_RULES } from "../../../shared/rules/checks/analyzeMarkdown.js";
export { DEFAULT_CONVENTIONS, resolveConventions, type TypographyConventions } from "../../../shared/rules/TypographyConventions.js";
export type { LineReplacement, LintResult, Violation } from "../../../shared/rules/Violation.js";
