/** Outcome of {@link parseLenientJson}; never an exception. */
export type LenientJsonResult = { ok: true; value: unknown } | { ok: false; error: string };

/** How many candidate start brackets to try before giving up (prose can hold stray brackets). */
const MAX_CANDIDATES = 32;

/**
 * Pull the first JSON object or array out of model output: tolerates ``` fences, prose before and
 * after, trailing commas and typographic quotes used as JSON quotes. Valid JSON is returned as
 * `JSON.parse` would (idempotent). Never throws.
 */
export function parseLenientJson(text: string): LenientJsonResult {
  try {
    return parse(text);
  } catch (error) {
    return { ok: false, error: `Unparsable output: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function parse(text: string): LenientJsonResult {
  const whole = tryParse(text.trim());
  if (whole.ok) return whole;
  const sources = [...fencedBlocks(text), text];
  let lastError = whole.error;
  for (const source of sources) {
    for (const variant of [source, straightenQuotes(source)]) {
      const found = firstJsonIn(variant);
      if (found.ok) return found;
      lastError = found.error;
    }
  }
  return { ok: false, error: `No JSON object or array found (${lastError})` };
}

function tryParse(text: string): LenientJsonResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Contents of ``` fences, in order; an unclosed fence runs to the end of the text. A fence closes
 * only at the start of a line (as in CommonMark): a string value holding ``` must not cut the JSON.
 */
function fencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  const fence = /```[^\n`]*\n?([\s\S]*?)(?:\n[ \t]*```|$)/g;
  for (const match of text.matchAll(fence)) if (match[1]?.trim()) blocks.push(match[1]);
  return blocks;
}

/**
 * Smart quotes used *as* JSON quotes become straight ones. Only tried after the text failed as-is,
 * because Chinese and typeset prose legitimately carry “ ” inside string values.
 */
function straightenQuotes(text: string): string {
  return text.replace(/[\u201C\u201D\u201E\u201F\u2033\uFF02]/g, '"');
}

function firstJsonIn(text: string): LenientJsonResult {
  let lastError = "no '{' or '['";
  let tried = 0;
  for (let start = 0; start < text.length && tried < MAX_CANDIDATES; start++) {
    const ch = text[start];
    if (ch !== "{" && ch !== "[") continue;
    tried++;
    const end = matchingEnd(text, start);
    if (end < 0) {
      lastError = "unbalanced brackets (output cut off?)";
      continue;
    }
    const candidate = removeTrailingCommas(text.slice(start, end + 1));
    const parsed = tryParse(candidate);
    if (parsed.ok) return parsed;
    lastError = parsed.error;
  }
  return { ok: false, error: lastError };
}

/** Index of the bracket closing the one at `start`, string-aware; -1 when it never closes. */
function matchingEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") stack.push("}");
    else if (ch === "[") stack.push("]");
    else if (ch === "}" || ch === "]") {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** Drop commas directly before a closing bracket, outside strings. */
function removeTrailingCommas(json: string): string {
  let out = "";
  let inString = false;
  let escaped = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      out += ch;
      continue;
    }
    if (ch === '"') inString = true;
    if (ch === ",") {
      let j = i + 1;
      while (j < json.length && /\s/.test(json[j]!)) j++;
      if (json[j] === "}" || json[j] === "]") continue;
    }
    out += ch;
  }
  return out;
}
