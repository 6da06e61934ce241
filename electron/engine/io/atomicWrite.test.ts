import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptoriumError, toApiError } from "../../../shared/errors.js";
import { asDiskError, copyFileAtomic, writeFileAtomic } from "./atomicWrite.js";

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step();
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-io-"));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** fsyncs made while `run` runs: in place (`fs.fsyncSync`) and through `FileHandle.sync` (the async path). */
async function countSyncs(run: () => Promise<void>): Promise<{ inPlace: number; handles: number }> {
  const probe = await fs.promises.open(os.tmpdir(), "r");
  const handleProto = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
  await probe.close();
  const counts = { inPlace: 0, handles: 0 };
  const fsync = fs.fsyncSync;
  const handleSync = handleProto.sync;
  fs.fsyncSync = ((fd: number) => {
    counts.inPlace++;
    return fsync(fd);
  }) as typeof fs.fsyncSync;
  handleProto.sync = function (this: unknown) {
    counts.handles++;
    return handleSync.call(this);
  };
  try {
    await run();
  } finally {
    fs.fsyncSync = fsync;
    handleProto.sync = handleSync;
  }
  return counts;
}

describe("writeFileAtomic", () => {
  it("replaces a file and leaves no temp files behind", async () => {
    const file = path.join(tempDir(), "nested", "outline.json");
    await writeFileAtomic(file, "first");
    await writeFileAtomic(file, new TextEncoder().encode("second"));
    expect(fs.readFileSync(file, "utf8")).toBe("second");
    expect(fs.readdirSync(path.dirname(file))).toEqual(["outline.json"]);
  });

  it("writes small files in place and large ones on the async path, both whole, fsynced and without temp files", async () => {
    const dir = tempDir();
    const small = "章节".repeat(1000);
    const large = new Uint8Array(300 * 1024).map((_, i) => i % 251);
    const syncs = await countSyncs(async () => {
      await writeFileAtomic(path.join(dir, "section_0.md"), small);
      await writeFileAtomic(path.join(dir, "big.bin"), large);
    });
    // In place: the file, then its directory; the async path: the file's handle, then the directory's.
    expect(syncs).toEqual({ inPlace: 2, handles: 2 });
    expect(fs.readFileSync(path.join(dir, "section_0.md"), "utf8")).toBe(small);
    expect(new Uint8Array(fs.readFileSync(path.join(dir, "big.bin")))).toEqual(large);
    expect(fs.readdirSync(dir).sort()).toEqual(["big.bin", "section_0.md"]);
  });

  it("a cache write (durable: false) is whole, replaces the old file, leaves no temp file and skips the fsyncs", async () => {
    const dir = tempDir();
    const small = "缓存".repeat(500);
    const large = new Uint8Array(300 * 1024).map((_, i) => (i * 7) % 251);
    const syncs = await countSyncs(async () => {
      await writeFileAtomic(path.join(dir, "section_0.md"), "old", { durable: false });
      await writeFileAtomic(path.join(dir, "section_0.md"), small, { durable: false });
      await writeFileAtomic(path.join(dir, "big.bin"), large, { durable: false });
    });
    expect(syncs).toEqual({ inPlace: 0, handles: 0 });
    expect(fs.readFileSync(path.join(dir, "section_0.md"), "utf8")).toBe(small);
    expect(new Uint8Array(fs.readFileSync(path.join(dir, "big.bin")))).toEqual(large);
    expect(fs.readdirSync(dir).sort()).toEqual(["big.bin", "section_0.md"]);
  });

  it("creates a new file with the requested mode", async () => {
    const file = path.join(tempDir(), "secrets.json");
    await writeFileAtomic(file, "{}", { mode: 0o600 });
    if (process.platform !== "win32") expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("copies atomically", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "a.bin"), "abc");
    await copyFileAtomic(path.join(dir, "a.bin"), path.join(dir, "models", "b.bin"));
    expect(fs.readFileSync(path.join(dir, "models", "b.bin"), "utf8")).toBe("abc");
    expect(fs.readdirSync(path.join(dir, "models"))).toEqual(["b.bin"]);
  });

  it("maps out-of-space errors to disk_full naming what was written, and leaves other errors alone", () => {
    const enospc = Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
    const mapped = asDiskError(enospc, "section 2 of the draft cache", "/x/section_1.md");
    expect(mapped).toBeInstanceOf(ScriptoriumError);
    expect((mapped as ScriptoriumError).code).toBe("disk_full");
    expect((mapped as ScriptoriumError).message).toContain("section 2 of the draft cache");
    const other = Object.assign(new Error("EACCES"), { code: "EACCES" });
    expect(asDiskError(other, "x")).toBe(other);
    expect(toApiError(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" })).code).toBe("disk_full");
  });
});

