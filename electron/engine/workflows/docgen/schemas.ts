import { z } from "zod";
import { CODE_TOOLS } from "./code/CodeTools.js";
import { OUTLINE_MAX_SECTIONS } from "./materialBudget.js";

/**
 * Output schemas of every structured LLM call of the doc generator. Strings and arrays are bounded
 * (the grammar needs it and a weak model must not ramble); descriptions are shown to the model.
 * Integers are not range-checked by llama.cpp grammars, so line numbers are validated by code after
 * the call (validateReviewResult, mergeReplacements), never trusted.
 */

/** One action of the code-scanning agent: a tool call, or `finish` when it has seen enough. */
export const ScanActionSchema = z.object({
  tool: z.enum([...CODE_TOOLS, "finish"]).describe("the one tool to call now, or finish when you know enough"),
  args: z
    .object({
      path: z.string().max(300).optional().describe("file or folder relative to the project root"),
      query: z.string().max(200).optional().describe("search_keyword: text or regular expression"),
      regex: z.boolean().optional().describe("search_keyword: true when query is a regular expression"),
      start_line: z.number().int().optional().describe("read_file: first line, 1-based"),
      end_line: z.number().int().optional().describe("read_file: last line, inclusive"),
    })
    .describe("arguments of the tool; {} for finish"),
  reason: z.string().max(120).describe("why this step, in one short sentence"),
});
export type ScanAction = z.infer<typeof ScanActionSchema>;

/** The overview the scan ends with: what the outline and sections are written from. */
export const ProjectOverviewSchema = z.object({
  summary: z.string().max(600).describe("what the project is and does, 2 to 4 sentences"),
  components: z
    .array(z.object({ name: z.string().max(80).describe("module, package or file"), role: z.string().max(200).describe("what it does") }))
    .max(10)
    .describe("main components"),
  usage: z.string().max(400).describe("how to install, build or run it, from the manifests; empty when unknown"),
});
export type ProjectOverview = z.infer<typeof ProjectOverviewSchema>;

/**
 * A MECE outline of at most `maxSections` sections (materialBudget's outlineBounds: the material
 * decides it, and the grammar holds the model to it).
 */
export function docOutlineSchema(maxSections = OUTLINE_MAX_SECTIONS) {
  const max = Math.max(1, Math.trunc(maxSections));
  return z.object({
    title: z.string().max(120).describe("the document title"),
    sections: z
      .array(
        z.object({
          title: z.string().max(80).describe("the section heading, without numbering"),
          scope: z.string().max(200).describe("what this section covers and what it leaves to other sections"),
        }),
      )
      .min(1)
      .max(max)
      .describe(`at most ${max} mutually exclusive, collectively exhaustive sections in reading order`),
  });
}
export type DocOutline = z.infer<ReturnType<typeof docOutlineSchema>>;

/** Lines up to which a line number is a grammar enum (llama.cpp grammars cannot bound an integer; a random model wrote 73e6498164981649816). */
export const MAX_ENUM_LINES = 1500;

/** A line number the grammar can only write as one of `from..to` (beyond MAX_ENUM_LINES: any number, checked by code). */
export function lineNumberSchema(from: number, to: number) {
  const lo = Math.max(1, Math.trunc(from));
  const hi = Math.max(lo, Math.trunc(to));
  if (hi - lo + 1 > MAX_ENUM_LINES) return z.number();
  return z.literal(Array.from({ length: hi - lo + 1 }, (_, i) => lo + i) as [number, ...number[]]);
}

/** Bounds of one review finding's texts: the excerpt is a few words of one line, the comment one short sentence. */
export const EXCERPT_MAX = 60;
export const COMMENT_MAX = 80;

/**
 * How many findings one review call may return, and the tokens that list needs at most: a finding
 * list is short, and a weak model given room fills it (Gemma 3 270M filled every list to its bound,
 * ~70 tokens a finding, whatever the draft held). About one finding per four lines (2 to 6); per
 * finding ~24 tokens of JSON keys and numbers plus its texts at their bounds, at 1.5 characters a
 * token (Chinese on Gemma's tokenizer), so a list filled to its bounds still closes.
 */
export function reviewBudget(lineCount: number): { findings: number; maxTokens: number } {
  const findings = Math.min(6, Math.max(2, Math.ceil(lineCount / 4)));
  return { findings, maxTokens: 24 + findings * (24 + Math.ceil((EXCERPT_MAX + COMMENT_MAX) / 1.5)) };
}

/**
 * The review model's result for one module: `rule_id` is an enum of the module's rule ids and
 * `line` an enum of the draft's lines (the brief's validate_review_result re-checks both).
 */
export function reviewResultSchema(ruleIds: readonly [string, ...string[]], lineCount = MAX_ENUM_LINES, maxFindings = 12) {
  // Built once per rule set and draft length: every module review of every round asks for one,
  // and a 1,500-line enum costs about a millisecond to build. Zod schemas are immutable.
  const key = `${ruleIds.join("\u0000")}\u0001${lineCount}\u0001${maxFindings}`;
  let schema = reviewSchemas.get(key);
  if (!schema) {
    if (reviewSchemas.size >= SCHEMA_CACHE_MAX) reviewSchemas.delete(reviewSchemas.keys().next().value!);
    schema = buildReviewResultSchema(ruleIds, lineCount, maxFindings);
    reviewSchemas.set(key, schema);
  }
  return schema;
}

const SCHEMA_CACHE_MAX = 128;
const reviewSchemas = new Map<string, ReturnType<typeof buildReviewResultSchema>>();

function buildReviewResultSchema(ruleIds: readonly [string, ...string[]], lineCount: number, maxFindings: number) {
  return z.object({
    violations: z
      .array(
        z.object({
          rule_id: z.enum(ruleIds as [string, ...string[]]).describe("the id of the violated rule"),
          line: lineNumberSchema(1, lineCount).describe("the 4-digit line number where the problem is, as a number"),
          excerpt: z.string().max(EXCERPT_MAX).describe("the offending words, copied exactly from that line"),
          comment: z.string().max(COMMENT_MAX).describe("what is wrong and how to fix it"),
        }),
      )
      .max(maxFindings)
      .describe("violations of the listed rules; empty when the draft follows them"),
  });
}
export type ReviewResult = { violations: Array<{ rule_id: string; line: number; excerpt: string; comment: string }> };

/** Bounds of a replacement's reason (one short phrase: "6.6 口语化") and of the replacements one revise call may return. */
export const REASON_MAX = 80;
export const MAX_REPLACEMENTS = 8;

/**
 * What one rule group's revise needs: one replacement per line its findings point at (a weak model
 * fills a list to its bound), and per replacement ~40 tokens of keys and numbers plus the line
 * copied and rewritten (2.2 × its characters) and the reason, at 1.5 characters a token; never
 * more than the 900 tokens every revise had before.
 */
export function reviseBudget(lines: readonly string[], violationLines: readonly number[]): { replacements: number; maxTokens: number } {
  const distinct = [...new Set(violationLines)].slice(0, MAX_REPLACEMENTS);
  const perLine = distinct.map((n) => 40 + Math.ceil((2.2 * [...(lines[n - 1] ?? "")].length + REASON_MAX) / 1.5));
  return { replacements: Math.max(1, distinct.length), maxTokens: Math.min(900, 24 + perLine.reduce((a, b) => a + b, 0)) };
}

/** A revise agent's answer for one rule group; line numbers are enums of the excerpt it was shown. */
export function revisePlanSchema(from = 1, to = MAX_ENUM_LINES, maxReplacements = MAX_REPLACEMENTS) {
  return z.object({
    replacements: z
      .array(
        z.object({
          start_line: lineNumberSchema(from, to).describe("first line to replace (the 4-digit number, as a number)"),
          end_line: lineNumberSchema(from, to).describe("last line to replace, inclusive"),
          old_text: z.string().max(2000).describe("the current text of those lines, copied exactly, without the line numbers"),
          new_content: z.string().max(2000).describe("the replacement text, without line numbers"),
          reason: z.string().max(REASON_MAX).describe("which violation this fixes"),
        }),
      )
      .max(Math.max(1, Math.min(MAX_REPLACEMENTS, Math.trunc(maxReplacements))))
      .describe("replacements, each fixing one violation; empty when nothing should change"),
  });
}
export type RevisePlan = { replacements: Array<{ start_line: number; end_line: number; old_text: string; new_content: string; reason: string }> };
