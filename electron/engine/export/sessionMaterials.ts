import { MaterialSchema, type Material } from "../../../shared/knowledge.js";
import type { SessionState } from "../../../shared/api.js";

/**
 * The materials an export's reference list may cite, from a session's public state: the approved
 * ones when the user confirmed a selection at PAUSE-1 (the writer cites only those), otherwise the
 * whole package. Sessions of workflows without materials give none. Items that fail the material
 * schema (an old checkpoint) are skipped rather than failing the export.
 */
export function sessionMaterials(state: Pick<SessionState, "values">): Material[] {
  const raw = state.values.materials;
  if (!Array.isArray(raw)) return [];
  const materials = raw.flatMap((item) => {
    const parsed = MaterialSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  const approved = state.values.approved_material_ids;
  if (!Array.isArray(approved)) return materials;
  const ids = new Set(approved.filter((id): id is string => typeof id === "string"));
  return materials.filter((material) => ids.has(material.id));
}
