import path from "node:path";
import type { ZipParts } from "./openZip.js";
import { attr, descendantsNamed } from "./xmlText.js";

/**
 * An OOXML part's relationships (`_rels/<part>.rels`): id → the target's path inside the zip,
 * resolved against the part's folder (`slides/slide1.xml` from `ppt/presentation.xml`).
 */
export async function relationships(zip: ZipParts, part: string): Promise<Map<string, { target: string; type: string }>> {
  const dir = path.posix.dirname(part);
  const rels = await zip.xml(path.posix.join(dir, "_rels", `${path.posix.basename(part)}.rels`));
  const out = new Map<string, { target: string; type: string }>();
  if (!rels) return out;
  for (const rel of descendantsNamed(rels, "Relationship")) {
    const id = attr(rel, "Id");
    const target = attr(rel, "Target");
    if (!id || !target || attr(rel, "TargetMode") === "External") continue;
    const resolved = target.startsWith("/") ? target.slice(1) : path.posix.normalize(path.posix.join(dir, target));
    out.set(id, { target: resolved, type: attr(rel, "Type") ?? "" });
  }
  return out;
}

/** `dc:title` of `docProps/core.xml` (OOXML) — null when absent or blank. */
export async function coreTitle(zip: ZipParts): Promise<string | null> {
  const core = await zip.xml("docProps/core.xml");
  const title = core ? descendantsNamed(core, "title")[0]?.textContent?.trim() : "";
  return title || null;
}
