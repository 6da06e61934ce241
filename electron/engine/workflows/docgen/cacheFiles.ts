import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../../io/atomicWrite.js";
import { readJsonFileSync } from "../../io/readJsonFile.js";

/** Where the review stood when draft_wip.md was written: a resumed run continues from here. */
export interface ReviewProgress {
  current_review_index: number;
  iteration_counts: Record<string, number>;
  /** The module reports so far (JSON of ModuleReport[]). */
  module_reports: unknown[];
}

const WIP = "draft_wip.md";
const PROGRESS = "review_state.json";

/**
 * The draft so far and where the review stood, for a resumed run. Cache writes (no fsync, see
 * atomicWrite): `review_state.json` holds the progress and the draft itself, and is what a resumed
 * run reads: a file a power cut left short is not JSON, so the run drafts again from the cached
 * sections instead of reviewing half a draft. `draft_wip.md` is the same draft to open by hand.
 */
export async function writeWip(dir: string, markdown: string, progress: ReviewProgress): Promise<void> {
  await writeFileAtomic(path.join(dir, PROGRESS), `${JSON.stringify({ ...progress, markdown })}\n`, { what: "the review progress", durable: false });
  await writeFileAtomic(path.join(dir, WIP), markdown, { what: "the work-in-progress draft", durable: false });
}

/**
 * `review_state.json`, leniently: the file is valid when it is an object; progress fields of
 * another shape (an older version's) mean "no progress", not "no draft".
 */
const ProgressFileSchema = z.object({
  current_review_index: z.number().optional().catch(undefined),
  iteration_counts: z.record(z.string(), z.number()).optional().catch(undefined),
  module_reports: z.array(z.unknown()).catch([]),
  markdown: z.string().optional().catch(undefined),
});

export async function readWip(dir: string): Promise<{ markdown: string; progress: ReviewProgress | null } | null> {
  let raw: z.output<typeof ProgressFileSchema>;
  try {
    // Small files, read in place (see sectionCache.ts).
    raw = readJsonFileSync(path.join(dir, PROGRESS), ProgressFileSchema);
  } catch {
    // Missing, or cut short by a power cut: no draft to resume from.
    return null;
  }
  const progress =
    raw.current_review_index !== undefined && raw.iteration_counts !== undefined
      ? { current_review_index: raw.current_review_index, iteration_counts: raw.iteration_counts, module_reports: raw.module_reports }
      : null;
  if (typeof raw.markdown === "string") return { markdown: raw.markdown, progress };
  // Written by an earlier version, which kept the draft only in draft_wip.md and fsynced both files.
  try {
    return { markdown: readFileSync(path.join(dir, WIP), "utf8"), progress };
  } catch {
    return null;
  }
}

/**
 * Copy a previous session's cache (outline, sections, WIP draft, progress) into this session's dir,
 * without overwriting anything already there. `from` must be a sibling under the same cache root.
 */
export async function adoptCache(cacheDir: string, fromSession: string): Promise<number> {
  const root = path.dirname(cacheDir);
  const from = path.join(root, path.basename(fromSession));
  if (path.dirname(from) !== root || from === cacheDir) return 0;
  let names: string[];
  try {
    names = await fs.readdir(from);
  } catch {
    return 0;
  }
  let copied = 0;
  for (const name of names) {
    if (!/^(?:outline\.json|section_\d+\.md|draft_wip\.md|review_state\.json)$/.test(name)) continue;
    const target = path.join(cacheDir, name);
    try {
      await fs.access(target);
      continue;
    } catch {
      // Not there yet: copy it.
    }
    await writeFileAtomic(target, await fs.readFile(path.join(from, name)), { what: `the cached ${name}` });
    copied++;
  }
  return copied;
}
