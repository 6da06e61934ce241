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
export function withoutEchoedExample(outline: Outline, example: Outline, keyQuestions: readonly string[], approvedIds: readonly string[], locale: "zh" | "en"): Outline {
  const title = same(outline.title, example.title) ? "" : outline.title;
  const sections = outline.sections.filter((s) => !example.sections.some((e) => same(e.section_title, s.section_title)));
  if (sections.length) return { title, sections };
  // Nothing of the model's own: the key questions, else the plain skeleton of an article.
  const titles = keyQuestions.length >= 2 ? keyQuestions : SKELETON[locale];
  return { title, sections: titles.map((q) => ({ section_title: q, key_points: [], material_ids: [...approvedIds] })) };
}

const SKELETON = { zh: ["背景", "现状与问题", "做法与建议", "结语"], en: ["Background", "Where things stand", "What to do", "Conclusion"] } as const;

/** Strings the model copied from the example's list, taken out (e.g. its key questions). */
export function withoutEchoed(values: readonly string[], example: readonly string[]): string[] {
  return values.filter((v) => !example.some((e) => same(e, v)));
}
