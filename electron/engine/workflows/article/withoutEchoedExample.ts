import type { z } from "zod";
import type { Outline } from "../../../../shared/workflows/article.js";
import { echoCanaries, echoKey, isEcho } from "../common/echoGuard.js";

const same = (a: string, b: string) => a.trim() === b.trim();

export interface EchoCheck {
  /** The outline's output schema: a title or point that is one of its `.describe()` texts is an echo. */
  schema?: z.ZodType;
  /** What the model was given to work on (intent, materials): a string found there is never an echo. */
  grounding?: string;
  /** The approved materials: with no key questions left, each becomes a section of its own. */
  materials?: ReadonlyArray<{ id: string; title: string }>;
}

/**
 * An outline with what the model copied from the prompt taken out. A weak model answers a
 * few-shot prompt with the example itself (the real tier's Gemma 3 270M titled every article
 * 本地大模型走进企业) or fills each field with the schema's description (SmolLM2 135M planned eight
 * sections all called "the section heading"); neither says anything about this article. An echoed
 * title becomes "" (sanitizeOutline then uses the intent); echoed and repeated sections are dropped,
 * echoed points too. When no section is left the article's key questions become the sections, each
 * free to cite every approved material; without two key questions, each approved material is a
 * section under its own title (two or more materials), else the plain skeleton of an article.
 */
export function withoutEchoedExample(
  outline: Outline,
  example: Outline,
  keyQuestions: readonly string[],
  approvedIds: readonly string[],
  locale: "zh" | "en",
  check: EchoCheck = {},
): Outline {
  const canaries = check.schema ? echoCanaries({ schema: check.schema }) : [];
  const echo = (text: string) => canaries.length > 0 && isEcho(text, canaries, check.grounding ?? "");
  const title = same(outline.title, example.title) || echo(outline.title) ? "" : outline.title;
  const seen = new Set<string>();
  const sections = outline.sections
    .filter((s) => !example.sections.some((e) => same(e.section_title, s.section_title)) && !echo(s.section_title))
    .filter((s) => {
      const key = echoKey(s.section_title);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((s) => ({ ...s, key_points: s.key_points.filter((p) => !echo(p)) }));
  if (sections.length) return { title, sections };
  // Nothing of the model's own: the key questions, else the materials, else the plain skeleton of an article.
  if (keyQuestions.length >= 2) return { title, sections: keyQuestions.map((q) => ({ section_title: q, key_points: [], material_ids: [...approvedIds] })) };
  const materials = (check.materials ?? []).filter((m) => approvedIds.includes(m.id) && m.title.trim());
  if (materials.length >= 2) return { title, sections: materials.map((m) => ({ section_title: m.title, key_points: [], material_ids: [m.id] })) };
  return { title, sections: SKELETON[locale].map((q) => ({ section_title: q, key_points: [], material_ids: [...approvedIds] })) };
}

const SKELETON = { zh: ["背景", "现状与问题", "做法与建议", "结语"], en: ["Background", "Where things stand", "What to do", "Conclusion"] } as const;

/** Strings the model copied from the example's list, taken out (e.g. its key questions). */
export function withoutEchoed(values: readonly string[], example: readonly string[]): string[] {
  return values.filter((v) => !example.some((e) => same(e, v)));
}
