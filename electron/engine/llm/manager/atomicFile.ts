import { randomBytes } from "node:crypto";
import { copyFile, open, rename, rm } from "node:fs/promises";
import { dirname } from "node:path";

/** fsync a file or directory by path; directories may refuse on some platforms (Windows), which is harmless. */
export async function fsyncPath(path: string, isDirectory = false): Promise<void> {
  let handle;
  try {
    handle = await open(path, "r");
    await handle.sync();
  } catch (error) {
    if (!isDirectory) throw error;
  } finally {
    await handle?.close();
  }
}

/** Rename `from` over `to` and fsync the parent so the new name survives a power cut. */
export async function renameDurable(from: string, to: string): Promise<void> {
  await rename(from, to);
  await fsyncPath(dirname(to), true);
}

/**
 * Copy `src` to `dest` so that `dest` is either absent or complete: copy to a sibling temp file,
 * fsync it, then rename. A crash mid-copy leaves only a `*.tmp-*` file, never a truncated model.
 */
export async function copyFileAtomic(src: string, dest: string): Promise<void> {
  const tmp = `${dest}.tmp-${randomBytes(4).toString("hex")}`;
  try {
    await copyFile(src, tmp);
    await fsyncPath(tmp);
    await renameDurable(tmp, dest);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/** Write text to `dest` atomically (temp file + fsync + rename). */
export async function writeFileAtomic(dest: string, data: string | Uint8Array, mode?: number): Promise<void> {
  const tmp = `${dest}.tmp-${randomBytes(4).toString("hex")}`;
  try {
    const handle = await open(tmp, "w", mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameDurable(tmp, dest);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
