export { lintMarkdown, type LintOptions } from "./lintMarkdown.js";
export { fixMarkdown } from "./fixMarkdown.js";
export { CHECKED_RULES } from "./checks/analyzeMarkdown.js";
export { DEFAULT_CONVENTIONS, resolveConventions, type TypographyConventions } from "./TypographyConventions.js";
export type { LineReplacement, LintResult, Violation } from "./Violation.js";
