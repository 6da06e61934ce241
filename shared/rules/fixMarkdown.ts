import type { Node, Parent } from "mdast";
import { analyzeMarkdown } from "./checks/analyzeMarkdown.js";
import { applyEdits, editsOverlap } from "./checks/applyEdits.js";
import type { Edit, Finding } from "./checks/Finding.js";
import { parseMarkdown } from "./checks/parseMarkdown.js";
import { resolveConventions, type TypographyConventions } from "./TypographyConventions.js";

/** A fix may cascade (halfwidth "，" then the space after it), so rounds repeat until nothing changes. */
const MAX_ROUNDS = 20;

/**
 * Apply every certain fix. Idempotent (fixing twice equals fixing once), never edits code, URLs, HTML, front
 * matter or other protected markup, and drops any edit that would change the document's markdown structure.
 */
export function fixMarkdown(text: string, conventions?: Partial<TypographyConventions>, options: { rules?: readonly string[] } = {}): string {
  const conv = resolveConventions(conventions);
  let current = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const findings = analyzeMarkdown(current, conv).filter((f) => f.edits?.length && (!options.rules || options.rules.includes(f.rule)));
    const chosen = pickNonOverlapping(findings);
    if (chosen.length === 0) break;
    const next = applyPreservingStructure(current, chosen);
    if (next === current) break;
    current = next;
  }
  return current;
}

function pickNonOverlapping(findings: Finding[]): Finding[] {
  const taken: Edit[] = [];
  const chosen: Finding[] = [];
  for (const f of findings) {
    const edits = f.edits ?? [];
    if (edits.some((e) => taken.some((t) => editsOverlap(e, t)))) continue;
    taken.push(...edits);
    chosen.push(f);
  }
  return chosen;
}

function applyPreservingStructure(text: string, findings: Finding[]): string {
  const before = signature(text);
  const all = applyEdits(text, findings.flatMap((f) => f.edits ?? []));
  if (signature(all) === before) return all;
  // Some edit changed the structure: keep only the edits that are safe on their own.
  const safe = findings.filter((f) => signature(applyEdits(text, f.edits ?? [])) === before);
  const result = applyEdits(text, safe.flatMap((f) => f.edits ?? []));
  return signature(result) === before ? result : text;
}

/** Node types and nesting, without text nodes (inserting a space may create one). */
function signature(text: string): string {
  const parts: string[] = [];
  const walk = (node: Node, depth: number): void => {
    if (node.type !== "text") parts.push(`${depth}:${node.type}`);
    for (const child of (node as Parent).children ?? []) walk(child, depth + 1);
  };
  walk(parseMarkdown(text), 0);
  return parts.join(",");
}
