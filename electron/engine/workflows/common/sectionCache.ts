import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../../io/atomicWrite.js";

/**
 * A session's cache dir (`<dataDir>/cache/<session>/`): `outline.json`, `section_<i>.md` and
 * `draft_wip.md`, all written atomically, so a crash mid-draft does not redo finished work.
 * A cached section's first line stores the key of the inputs that produced it; it is reused only
 * when that key matches the key of the current request. These files are small, so they are read
 * in place (readFileSync): an async read costs ~1–3 ms of thread-pool round trips on 2 cores.
 */
const KEY_LINE = /^<!-- key: ([0-9a-f]{64}) -->\n/;

/** A stable key for everything that determines a section's text. */
export function sectionKey(inputs: unknown): string {
  return createHash("sha256").update(JSON.stringify(inputs)).digest("hex");
}

const fileOf = (dir: string, index: number) => path.join(dir, `section_${index}.md`);

/** The cached text of section `index` when it was written for `key`, else null. */
export async function readCachedSection(dir: string, index: number, key: string): Promise<string | null> {
  let text: string;
  try {
    text = fs.readFileSync(fileOf(dir, index), "utf8");
  } catch {
    return null;
  }
  const match = KEY_LINE.exec(text);
  return match?.[1] === key ? text.slice(match[0].length) : null;
}

/** Store section `index` atomically (temp file, fsync, rename). */
export async function writeCachedSection(dir: string, index: number, key: string, text: string): Promise<void> {
  await writeFileAtomic(fileOf(dir, index), `<!-- key: ${key} -->\n${text}`, { what: `section ${index + 1} of the draft cache` });
}

/** Store the outline being drafted from (`outline.json`). */
export async function writeCachedOutline(dir: string, outline: unknown): Promise<void> {
  await writeFileAtomic(path.join(dir, "outline.json"), `${JSON.stringify(outline, null, 2)}\n`, { what: "the cached outline" });
}

/** The cached outline, or null when there is none or it is not JSON. */
export async function readCachedOutline(dir: string): Promise<unknown> {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, "outline.json"), "utf8")) as unknown;
  } catch {
    return null;
  }
}

/** Store the draft assembled so far (`draft_wip.md`): what the user would lose if the run died now. */
export async function writeDraftWip(dir: string, markdown: string): Promise<void> {
  await writeFileAtomic(path.join(dir, "draft_wip.md"), markdown, { what: "the work-in-progress draft" });
}
