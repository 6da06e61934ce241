import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { atomicWrite } from "../../storage/atomicWrite.js";

/**
 * Finished sections on disk, `section_<i>.md` in the session's cache dir, so a crash mid-draft
 * does not redo them. The first line stores the key of the inputs that produced the text; a
 * cached section is reused only when its key matches the key of the current request.
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
    text = await fs.readFile(fileOf(dir, index), "utf8");
  } catch {
    return null;
  }
  const match = KEY_LINE.exec(text);
  return match?.[1] === key ? text.slice(match[0].length) : null;
}

/** Store section `index` atomically (temp file, fsync, rename). */
export async function writeCachedSection(dir: string, index: number, key: string, text: string): Promise<void> {
  await atomicWrite(fileOf(dir, index), `<!-- key: ${key} -->\n${text}`);
}
