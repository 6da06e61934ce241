import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";

/**
 * Replace `file` with `data` so that a crash leaves either the old or the new content, never a
 * torn file: write a temp file in the same directory, fsync it, rename over the target, then fsync
 * the directory so the rename itself is durable (write-file-atomic skips that last step).
 */
export async function atomicWrite(file: string, data: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await fs.open(temp, "w");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await fsyncDir(dir);
}

async function fsyncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, "r");
    await handle.sync();
  } catch (error) {
    // Windows cannot open or fsync a directory; the rename is as durable as that OS allows.
    if (process.platform !== "win32") throw error;
  } finally {
    await handle?.close();
  }
}
