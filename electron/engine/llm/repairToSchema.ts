import type { z } from "zod";

/**
 * Trim strings and arrays that zod reports as too long, then validate again.
 *
 * Why: the grammar bounds `maxLength` in Unicode code points, zod in UTF-16 units, so a reply
 * with emoji or other astral characters can satisfy the grammar and still fail `.max()`. Cutting
 * to the limit (never inside a surrogate pair) keeps the output instead of spending a retry.
 * Returns the validation result after repair; the input is not modified.
 */
export function repairToSchema<T>(schema: z.ZodType<T>, value: unknown, error: z.ZodError): z.ZodSafeParseResult<T> {
  const fixable = error.issues.filter(
    (issue) => issue.code === "too_big" && (issue.origin === "string" || issue.origin === "array") && typeof issue.maximum === "number",
  );
  if (fixable.length === 0 || fixable.length !== error.issues.length) return { success: false, error } as z.ZodSafeParseResult<T>;
  const copy = structuredClone(value);
  for (const issue of fixable) {
    if (issue.code !== "too_big") continue;
    const max = Number(issue.maximum);
    const target = valueAt(copy, issue.path.slice(0, -1));
    const key = issue.path[issue.path.length - 1];
    const current = key === undefined ? copy : (target as Record<PropertyKey, unknown> | undefined)?.[key as PropertyKey];
    const trimmed = trim(current, max);
    if (key === undefined) return schema.safeParse(trimmed);
    if (target && typeof target === "object") (target as Record<PropertyKey, unknown>)[key as PropertyKey] = trimmed;
  }
  return schema.safeParse(copy);
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
  let cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}
