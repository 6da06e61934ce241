import type { Page } from "playwright-core";

/**
 * What a user reads on the page: `innerText` of the body (so closed `<details>`, hidden and
 * collapsed elements are left out), minus what is code or content rather than UI — code blocks,
 * SVG diagrams, form fields' values, the document and editor panes (the user's or the model's text).
 */
export function visibleUiText(page: Page, contentSelectors: readonly string[] = []): Promise<string[]> {
  return page.evaluate((extra) => {
    const skip = ["pre", "code", "kbd", "svg", "textarea", "select", "input", ".cm-editor", ".markdown", '[data-testid="markdown-view"]', ...extra];
    // Measured on the live page (innerText needs layout), with the skipped parts hidden for a moment.
    const hidden: Array<[HTMLElement, string]> = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(skip.join(",")))) {
      hidden.push([el, el.style.display]);
      el.style.display = "none";
    }
    const text = document.body.innerText;
    for (const [el, display] of hidden) el.style.display = display;
    return text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
  }, contentSelectors as string[]);
}

/** Words and names that are not sentences to translate: product and format names, units, code. */
export const PROPER_NOUNS = [
  "Scriptorium",
  "llama.cpp",
  "node-llama-cpp",
  "GGUF",
  "gguf",
  "Ollama",
  "OpenAI",
  "Markdown",
  "DOCX",
  "Word",
  "PDF",
  "HTML",
  "JSON",
  "CPU",
  "GPU",
  "RAM",
  "URL",
  "API",
  "token",
  "tokens",
  "Token",
  "Hugging Face",
  "HuggingFace",
  "ModelScope",
  "Qwen",
  "BGE",
  "MCP",
  "OCR",
  "SVG",
  "Mermaid",
  "SHA-256",
  "Ctrl",
  "Cmd",
  "Shift",
  "Enter",
  "Esc",
];

/** Strips what may stay as it is in any locale: URLs, paths, file names, proper nouns, numbers and units. */
export function withoutAllowed(line: string, extra: readonly string[] = []): string {
  let out = line
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/(?:[A-Za-z]:)?[\\/][\w.\-\\/]+/g, " ")
    .replace(/\b[\w.\-]+\.(?:gguf|md|pdf|docx|txt|json|ts|js|py|html|png|csv|bib)\b/gi, " ")
    .replace(/\b\d+(?:[.,:]\d+)*\s*(?:[KMGT]i?B|ms|s|px|%|B)?\b/g, " ");
  for (const noun of [...PROPER_NOUNS, ...extra]) out = out.split(noun).join(" ");
  return out;
}

const HAN = /\p{Script=Han}/u;

/** Problems of a zh-CN screen: a line with English words and no Chinese, or a raw id (`reason.x`, `snake_case`). */
export function zhProblems(lines: readonly string[], extra: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const line of lines) {
    const rest = withoutAllowed(line, extra);
    if (/\b[a-z]+(?:_[a-z0-9]+)+\b/.test(rest) || /\b(?:reason|status|error|step|docgen|paper|article|draft)\.[a-z_]+/i.test(rest)) problems.push(`raw id: ${line}`);
    else if (!HAN.test(line) && (rest.match(/[A-Za-z]{2,}/g) ?? []).length >= 2) problems.push(`English: ${line}`);
  }
  return problems;
}

/** Problems of an en screen: Chinese text, or a raw id. */
export function enProblems(lines: readonly string[], extra: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const line of lines) {
    const rest = withoutAllowed(line, extra);
    if (HAN.test(rest)) problems.push(`Chinese: ${line}`);
    else if (/\b[a-z]+(?:_[a-z0-9]+)+\b/.test(rest) || /\b(?:reason|status|error|step|docgen|paper|article|draft)\.[a-z_]+/i.test(rest)) problems.push(`raw id: ${line}`);
  }
  return problems;
}
