import { z } from "zod";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { Material } from "../../../shared/knowledge.js";
import type { ProviderConfig } from "../../../shared/providers.js";

export interface TemplateValues {
  query: string;
  maxResults: number;
  dateFrom?: string;
  dateTo?: string;
}

/** Characters of content a weak model gets per material. */
export const CONTENT_LIMIT = 500;

/** Placeholders → raw values; `{max_results}` is a bare number, the rest are strings. */
function placeholders(values: TemplateValues): Record<string, string> {
  return { query: values.query, max_results: String(values.maxResults), date_from: values.dateFrom ?? "", date_to: values.dateTo ?? "" };
}

/**
 * Fill a JSON body template. Each placeholder is replaced by its JSON-escaped text (the template
 * supplies the quotes), so a query with `"` or `\` can never break out of its string. The result
 * must be valid JSON, else the config is wrong (`bad_request`).
 */
export function fillJsonTemplate(template: string, values: TemplateValues): string {
  const map = placeholders(values);
  const body = template.replace(/\{(query|max_results|date_from|date_to)\}/g, (_match, key: string) => JSON.stringify(map[key] ?? "").slice(1, -1));
  try {
    JSON.parse(body);
  } catch (error) {
    throw new ScriptoriumError("bad_request", `Body template does not give valid JSON: ${(error as Error).message}`);
  }
  return body;
}

/**
 * URL for a GET provider. A JSON-object template (`{"q": "{query}", "n": {max_results}}`) becomes
 * query parameters; anything else is taken as a query-string template (`q={query}&n={max_results}`)
 * with URL-encoded values. Parameters already in baseUrl are kept.
 */
export function buildGetUrl(baseUrl: string, template: string, values: TemplateValues): string {
  const url = new URL(baseUrl);
  const trimmed = template.trim();
  if (trimmed.startsWith("{") && trimmed.endsWith("}") && !/^\{(query|max_results|date_from|date_to)\}$/.test(trimmed)) {
    const parsed = JSON.parse(fillJsonTemplate(trimmed, values)) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new ScriptoriumError("bad_request", "GET template must be a JSON object.");
    for (const [key, value] of Object.entries(parsed)) {
      if (value === null || value === undefined || value === "") continue;
      url.searchParams.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
    }
    return url.toString();
  }
  const map = placeholders(values);
  const query = trimmed.replace(/^\?/, "").replace(/\{(query|max_results|date_from|date_to)\}/g, (_match, key: string) => encodeURIComponent(map[key] ?? ""));
  for (const [key, value] of new URLSearchParams(query)) url.searchParams.append(key, value);
  return url.toString();
}

/** `a.b.0.c` over objects and arrays; empty path = the value itself. */
export function getPath(value: unknown, path: string): unknown {
  if (!path) return value;
  let current: unknown = value;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const text = (max: number) =>
  z.union([z.string(), z.number()]).transform((value) => String(value).trim().slice(0, max));

/** One mapped item: lenient on types (numbers as strings), strict on what must be there. */
const MappedItemSchema = z.object({
  title: text(300).pipe(z.string().min(1)),
  content: text(100_000).default(""),
  source: text(300).nullish(),
  published_at: text(40).nullish(),
  relevance_score: z.union([z.number(), z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/).transform(Number)]).pipe(z.number().finite()).nullish(),
  recUuid: text(200).nullish(),
  url: z.string().max(2000).nullish(),
  department: text(200).nullish(),
  classification: text(100).nullish(),
  /** Kept only as an object; its scalar entries are copied (bounded) onto the material. */
  extra_metadata: z.unknown().optional(),
});

/** At most 20 scalar entries, strings cut to 200 characters; nested values are dropped. */
function extraMetadata(value: unknown): Material["extra_metadata"] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v === null || ["string", "number", "boolean"].includes(typeof v))
    .slice(0, 20)
    .map(([k, v]) => [k.slice(0, 100), typeof v === "string" ? v.slice(0, 200) : (v as number | boolean | null)] as const);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export interface MappedResults {
  materials: Material[];
  /** Items that failed validation (missing title, wrong types) and were left out. */
  dropped: number;
  /** Short reasons for the first few drops, for the settings test button. */
  dropReasons: string[];
}

/**
 * Scores to 0..1 preserving order: already in range → kept; otherwise min–max scaled; missing →
 * by rank (first = 1). Providers mix BM25 (0..30), percentages and nothing at all.
 */
export function normaliseScores(scores: Array<number | null>): number[] {
  const present = scores.filter((score): score is number => score !== null);
  const min = Math.min(...present);
  const max = Math.max(...present);
  const inRange = present.every((score) => score >= 0 && score <= 1);
  return scores.map((score, index) => {
    if (score === null) return Math.max(0.05, 1 - index / Math.max(1, scores.length));
    if (inRange) return score;
    if (max === min) return 1;
    return (score - min) / (max - min);
  });
}

/** Map a parsed response onto Materials via resultsPath and fieldMap; bad items are dropped and counted. */
export function mapResults(json: unknown, config: ProviderConfig, sourceType: string): MappedResults {
  const list = getPath(json, config.resultsPath);
  if (!Array.isArray(list)) {
    throw new ScriptoriumError("unavailable", `Results path ${JSON.stringify(config.resultsPath || "(root)")} is not an array in the response.`);
  }
  const valid: Array<z.infer<typeof MappedItemSchema>> = [];
  const dropReasons: string[] = [];
  for (const [index, item] of list.entries()) {
    const field = (name: keyof typeof config.fieldMap) => getPath(item, config.fieldMap[name] ?? name) ?? undefined;
    const candidate = {
      title: field("title"),
      content: field("content"),
      source: field("source"),
      published_at: field("published_at"),
      relevance_score: field("relevance_score"),
      recUuid: field("recUuid"),
      url: field("url"),
      department: field("department"),
      classification: field("classification"),
      extra_metadata: field("extra_metadata"),
    };
    const parsed = MappedItemSchema.safeParse(candidate);
    if (parsed.success) valid.push(parsed.data);
    else if (dropReasons.length < 5) dropReasons.push(`item ${index}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
  }
  const scores = normaliseScores(valid.map((item) => item.relevance_score ?? null));
  const materials = valid.map((item, index): Material => {
    const url = item.url && /^https?:\/\//i.test(item.url) ? item.url : null;
    return {
      id: `${config.name.slice(0, 50)}:${index + 1}`,
      title: item.title,
      content: item.content.slice(0, CONTENT_LIMIT),
      source: item.source || config.name.slice(0, 300),
      published_at: item.published_at || null,
      relevance_score: Math.min(1, Math.max(0, scores[index] ?? 0)),
      source_type: sourceType,
      url,
      recUuid: item.recUuid || null,
      ...(item.department ? { department: item.department } : {}),
      ...(item.classification ? { classification: item.classification } : {}),
      ...(extraMetadata(item.extra_metadata) ? { extra_metadata: extraMetadata(item.extra_metadata) } : {}),
    };
  });
  return { materials, dropped: list.length - valid.length, dropReasons };
}
