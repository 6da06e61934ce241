import type { z } from "zod";

/**
 * Trim strings and arrays that zod reports as too long, then validate again.
 *
 * Why: the grammar counts length in the characters llama.cpp sees while sampling, but the text
 * zod checks is the detokenised string, where byte-fallback tokens that never formed valid UTF-8
 * become replacement characters; measured on the tiny GGUF, grammar-bounded titles came out
 * longer than `.max()`. Servers that ignore `maxItems` do the same with arrays. Cutting to the
 * limit keeps the output instead of spending a retry.
 * Returns the validation result after repair; the input is not modified.
 */
export function repairToSchema<T>(schema: z.ZodType<T>, value: unknown, error: z.ZodError): z.ZodSafeParseResult<T> {
  // zod may report an array's length before its items: repair in rounds until nothing is fixable.
  let current = value;
  let result: z.ZodSafeParseResult<T> = { success: false, error } as z.ZodSafeParseResult<T>;
  for (let round = 0; round < MAX_ROUNDS && !result.success; round++) {
    const next = repairOnce(current, result.error);
    if (next === undefined) break;
    current = next;
    result = schema.safeParse(current);
  }
  return result;
}

const MAX_ROUNDS = 8;

/** A copy of `value` with every reported too-long string/array trimmed, or undefined if not fixable. */
function repairOnce(value: unknown, error: z.ZodError): unknown {
  const fixable = error.issues.filter(
    (issue) => issue.code === "too_big" && (issue.origin === "string" || issue.origin === "array") && typeof issue.maximum === "number",
  );
  if (fixable.length === 0 || fixable.length !== error.issues.length) return undefined;
  const copy = structuredClone(value);
  for (const issue of fixable) {
    if (issue.code !== "too_big") continue;
    const max = Number(issue.maximum);
    const target = valueAt(copy, issue.path.slice(0, -1));
    const key = issue.path[issue.path.length - 1];
    const current = key === undefined ? copy : (target as Record<PropertyKey, unknown> | undefined)?.[key as PropertyKey];
    const trimmed = trim(current, max);
    if (key === undefined) return trimmed;
    if (target && typeof target === "object") (target as Record<PropertyKey, unknown>)[key as PropertyKey] = trimmed;
  }
  return copy;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function trim(value: unknown, max: number): unknown {
  if (Array.isArray(value)) return value.slice(0, max);
  if (typeof value !== "string") return value;
  // zod 4 measures strings in code points; so does this cut, which never splits a surrogate pair.
  return Array.from(value).slice(0, max).join("");
}
