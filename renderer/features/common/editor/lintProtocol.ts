import type { Violation } from "../../../../shared/rules/Violation.js";
import type { TextCounts } from "../../../../shared/text/countText.js";
import type { OutlineHeading } from "./headingOutline.js";

/** Messages to the lint worker. */
export type LintRequest = { id: number; kind: "lint"; text: string } | { id: number; kind: "fix"; text: string; rule: string } | { id: number; kind: "stats"; text: string };
/** Its answers, matched by `id`. */
export type LintResponse = { id: number; kind: "lint"; violations: Violation[] } | { id: number; kind: "fix"; text: string }
  | { id: number; kind: "stats"; counts: TextCounts; outline: OutlineHeading[] }
  | { id: number; kind: "error"; message: string };
