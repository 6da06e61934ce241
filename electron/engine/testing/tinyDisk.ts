import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A real, small file system that runs out of space: a size-capped tmpfs. */
export interface TinyDisk {
  dir: string;
  /** Fill the disk with one file until the OS says ENOSPC; returns that file (delete it to free the space). */
  fill(): string;
  unmount(): void;
}

/**
 * Mount a tmpfs of `bytes` on a fresh temp folder. Needs permission to mount (root on Linux, as
 * in CI and the dev container); anywhere else it throws saying so rather than faking a full disk.
 */
export function mountTinyDisk(bytes: number): TinyDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-tinydisk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${bytes}`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`The disk-full tests mount a small tmpfs and need root on Linux: ${(error as Error).message}`);
  }
  let mounted = true;
  return {
    dir,
    fill() {
      const filler = path.join(dir, `filler-${Date.now()}`);
      const fd = fs.openSync(filler, "w");
      const chunk = Buffer.alloc(4096, 7);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        fs.closeSync(fd);
      }
      return filler;
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
