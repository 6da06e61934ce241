import type { Outline } from "../../../../shared/workflows/article.js";

const same = (a: string, b: string) => a.trim() === b.trim();

/**
 * An outline with what the model copied from the prompt's one example taken out. A weak model
 * (the real tier's base Gemma 3 270M) answers a few-shot prompt with the example itself — every
 * article came back titled 本地大模型走进企业 — and that says nothing about this article. An echoed
 * title becomes "" (sanitizeOutline then uses the intent); echoed sections are dropped, and when
 * none is left the article's key questions become the sections, each free to cite every approved
 * material.
 */
export function withoutEchoedExample(outline: Outline, example: Outline, keyQuestions: readonly string[], approvedIds: readonly string[]): Outline {
  const title = same(outline.title, example.title) ? "" : outline.title;
  const sections = outline.sections.filter((s) => !example.sections.some((e) => same(e.section_title, s.section_title)));
  if (sections.length) return { title, sections };
  return { title, sections: keyQuestions.map((q) => ({ section_title: q, key_points: [], material_ids: [...approvedIds] })) };
}

/** Strings the model copied from the example's list, taken out (e.g. its key questions). */
export function withoutEchoed(values: readonly string[], example: readonly string[]): string[] {
  return values.filter((v) => !example.some((e) => same(e, v)));
}
