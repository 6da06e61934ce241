import type { Violation } from "../../../../shared/rules/Violation.js";

/** Messages to the lint worker. */
export type LintRequest = { id: number; kind: "lint"; text: string } | { id: number; kind: "fix"; text: string; rule: string };
/** Its answers, matched by `id`. */
export type LintResponse = { id: number; kind: "lint"; violations: Violation[] } | { id: number; kind: "fix"; text: string } | { id: number; kind: "error"; message: string };
