import { MaterialSchema, type Material } from "../../../../shared/knowledge.js";
import { citedDocument } from "../../export/citedDocument.js";
import type { ExportHooks } from "../WorkflowDefinition.js";
import type { ArticleDeps } from "./ArticleDeps.js";
import type { ArticleState } from "./state.js";

/**
 * The article's export: the version's text titled by the article's own title (not the intent
 * sentence the session is named after), its `[m…]` citations resolved against the materials the
 * writer may cite.
 */
export const articleExport: ExportHooks<ArticleDeps> = {
  document: ({ values, version, sessionTitle, referenceStyle, referenceLocale, locale }) => {
    const v = values as Partial<ArticleState>;
    const markdown = version?.markdown ?? v.draft ?? "";
    const title = ownHeading(markdown) || v.draft_title || v.outline?.title || sessionTitle;
    return citedDocument({
      title,
      markdown,
      materials: citableMaterials(values),
      ...(locale ? { locale } : {}),
      ...(referenceStyle ? { referenceStyle } : {}),
      ...(referenceLocale ? { referenceLocale } : {}),
    });
  },
};

function ownHeading(markdown: string): string {
  return /^\s*#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? "";
}

/**
 * The materials a reference list may cite: the approved ones when the user confirmed a selection
 * at PAUSE-1 (the writer cites only those), otherwise the whole package. Items that fail the
 * material schema (an old checkpoint) are skipped rather than failing the export.
 */
export function citableMaterials(values: Record<string, unknown>): Material[] {
  const raw = values.materials;
  if (!Array.isArray(raw)) return [];
  const materials = raw.flatMap((item) => {
    const parsed = MaterialSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  const approved = values.approved_material_ids;
  if (!Array.isArray(approved)) return materials;
  const ids = new Set(approved.filter((id): id is string => typeof id === "string"));
  return materials.filter((material) => ids.has(material.id));
}
