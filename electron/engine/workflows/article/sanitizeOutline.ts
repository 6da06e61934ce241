import { OutlineSchema } from "../../../../shared/workflows/article.js";
import type { Outline } from "../../../../shared/workflows/article.js";
import { headingText } from "../common/headingText.js";

/**
 * Make a model's (or the user's) outline safe to write from: one-line non-empty titles (they become
 * the draft's `#` / `##` headings), trimmed points,
 * material ids restricted to the approved ones (deduplicated), at least one section.
 */
export function sanitizeOutline(outline: Outline, approvedIds: readonly string[], fallbackTitle: string): Outline {
  const approved = new Set(approvedIds);
  const sections = outline.sections
    .map((section) => ({
      section_title: headingText(section.section_title, 200),
      key_points: section.key_points.map((p) => p.trim()).filter(Boolean).slice(0, 12),
      material_ids: [...new Set(section.material_ids.map((id) => id.trim()).filter((id) => approved.has(id)))].slice(0, 20),
    }))
    .filter((section) => section.section_title.length > 0)
    .slice(0, 20);
  const title = headingText(outline.title, 200) || headingText(fallbackTitle, 200) || "Untitled";
  if (!sections.length) sections.push({ section_title: title, key_points: [], material_ids: [...approved].slice(0, 20) });
  return OutlineSchema.parse({ title, sections });
}
