import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { downloadFile, partPaths, type DownloadProgress } from "./downloadFile.js";
import { startFileServer, type TestFileServer } from "../../testing/testFileServer.js";
import { expectError } from "../../testing/expectError.js";

const SIZE = 256 * 1024;
const body = randomBytes(SIZE);
const bodySha = createHash("sha256").update(body).digest("hex");
const fast = { backoffBaseMs: 5, backoffMaxMs: 20, timeouts: { connectMs: 2_000, headersMs: 2_000, idleMs: 2_000 } };

let dir: string;
let server: TestFileServer;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "scriptorium-dl-"));
  server = await startFileServer({ "/model.gguf": body });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});


describe("downloadFile", () => {
  it("downloads, verifies SHA-256, renames atomically and reports progress", async () => {
    const dest = join(dir, "model.gguf");
    const events: DownloadProgress[] = [];
    const result = await downloadFile({ ...fast, url: server.url("/model.gguf"), destPath: dest, sha256: bodySha, onProgress: (p) => events.push(p) });
    expect(result).toEqual({ path: dest, sizeBytes: SIZE, sha256: bodySha });
    expect((await readFile(dest)).equals(body)).toBe(true);
    await expect(stat(partPaths(dest).part)).rejects.toThrow();
    await expect(stat(partPaths(dest).sidecar)).rejects.toThrow();
    const last = events.at(-1)!;
    expect(last.downloadedBytes).toBe(SIZE);
    expect(last.totalBytes).toBe(SIZE);
    expect(last.etaSeconds).toBe(0);
  });

  it("throttles progress to at most one event per interval (plus the final one)", async () => {
    server.behaviour = { chunkBytes: 8 * 1024, chunkDelayMs: 10 };
    const stamps: number[] = [];
    await downloadFile({ ...fast, url: server.url("/model.gguf"), destPath: join(dir, "m.gguf"), progressIntervalMs: 100, onProgress: () => stamps.push(Date.now()) });
    // 32 chunks arrived; far fewer events were sent.
    expect(stamps.length).toBeLessThan(32);
    for (let i = 1; i < stamps.length - 1; i++) expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(100);
  });

  it("resumes with Range after the server cuts the connection mid-body", async () => {
    server.behaviour = { cutAfterBytes: 64 * 1024, cuts: 2, chunkBytes: 16 * 1024, chunkDelayMs: 2 };
    const dest = join(dir, "model.gguf");
    const result = await downloadFile({ ...fast, url: server.url("/model.gguf"), destPath: dest, sha256: bodySha });
    expect(result.sha256).toBe(bodySha);
    expect((await readFile(dest)).equals(body)).toBe(true);
    // Bytes in flight when the socket dies may be lost, so the offsets are at most the cut points.
    const offsets = server.requests.map((r) => Number(/^bytes=(\d+)-$/.exec(r.range ?? "")?.[1] ?? 0));
    expect(server.requests.map((r) => r.status)).toEqual([200, 206, 206]);
    expect(offsets[0]).toBe(0);
    expect(offsets[1]).toBeGreaterThan(0);
    expect(offsets[1]).toBeLessThanOrEqual(64 * 1024);
    expect(offsets[2]).toBeGreaterThan(offsets[1]!);
    expect(offsets[2]).toBeLessThanOrEqual(offsets[1]! + 64 * 1024);
  });

  it("resumes a part left by an earlier run when the sidecar matches", async () => {
    const dest = join(dir, "model.gguf");
    const { part, sidecar } = partPaths(dest);
    await writeFile(part, body.subarray(0, 100_000));
    await writeFile(sidecar, JSON.stringify({ url: server.url("/model.gguf"), totalBytes: SIZE }));
    await downloadFile({ ...fast, url: server.url("/model.gguf"), destPath: dest, sha256: bodySha });
    expect(server.requests[0]!.range).toBe("bytes=100000-");
    expect((await readFile(dest)).equals(body)).toBe(true);
  });

  it("starts over when the sidecar names another URL", async () => {
    const dest = join(dir, "model.gguf");
    const { part, sidecar } = partPaths(dest);
    await writeFile(part, Buffer.alloc(100_000, 7));
    await writeFile(sidecar, JSON.stringify({ url: "http://127.0.0.1:1/other.gguf", totalBytes: SIZE }));
    await downloadFile({ ...fast, url: server.url("/model.gguf"), destPath: dest, sha256: bodySha });
    expect(server.requests[0]!.range).toBeUndefined();
    expect((await readFile(dest)).equals(body)).toBe(true);
  });

  it("starts over when the server ignores Range and answers 200", async () => {
    server.behaviour = { cutAfterBytes: 50_000, cuts: 1, ignoreRange: true, chunkBytes: 10_000, chunkDelayMs: 2 };
    const dest = join(dir, "model.gguf");
    await downloadFile({ ...fast, url: server.url("/model.gguf"), destPath: dest, sha256: bodySha });
    expect(server.requests.map((r) => r.status)).toEqual([200, 200]);
    expect(server.requests[1]!.range).toMatch(/^bytes=\d+-$/);
    expect((await readFile(dest)).equals(body)).toBe(true);
  });

  it("deletes the file and throws model_invalid on a SHA-256 mismatch (one corrupted byte)", async () => {
    const corrupted = Buffer.from(body);
    corrupted[SIZE / 2] = corrupted[SIZE / 2]! ^ 0xff;
    await server.close();
    server = await startFileServer({ "/model.gguf": corrupted });
    const dest = join(dir, "model.gguf");
    const error = await expectError(downloadFile({ ...fast, url: server.url("/model.gguf"), destPath: dest, sha256: bodySha }), "model_invalid");
    expect(error.message).toContain("SHA-256 mismatch");
    expect(error.message).toContain(bodySha);
    await expect(stat(dest)).rejects.toThrow();
    await expect(stat(partPaths(dest).part)).rejects.toThrow();
  });

  it("fails with not_found on 404 without retrying", async () => {
    const error = await expectError(downloadFile({ ...fast, url: server.url("/missing.gguf"), destPath: join(dir, "x.gguf") }), "not_found");
    expect(error.message).toContain("404");
    expect(server.requests).toHaveLength(1);
  });

  it("retries 500s with backoff and then succeeds", async () => {
    server.behaviour = { failFirst: 2 };
    await downloadFile({ ...fast, url: server.url("/model.gguf"), destPath: join(dir, "m.gguf"), sha256: bodySha });
    expect(server.requests.map((r) => r.status)).toEqual([500, 500, 200]);
  });

  it("gives up with unavailable after maxRetries", async () => {
    server.behaviour = { failFirst: 100 };
    const error = await expectError(downloadFile({ ...fast, maxRetries: 2, url: server.url("/model.gguf"), destPath: join(dir, "m.gguf") }), "unavailable");
    expect(error.message).toContain("3 attempts");
    expect(server.requests).toHaveLength(3);
  });

  it("follows redirects", async () => {
    await downloadFile({ ...fast, url: server.url("/redirect/model.gguf"), destPath: join(dir, "m.gguf"), sha256: bodySha });
    expect(server.requests.map((r) => r.status)).toEqual([302, 200]);
  });

  it("aborts (pause) keeping the part, and a later call resumes from it", async () => {
    server.behaviour = { chunkBytes: 4 * 1024, chunkDelayMs: 5 };
    const dest = join(dir, "model.gguf");
    const controller = new AbortController();
    const first = downloadFile({
      ...fast,
      url: server.url("/model.gguf"),
      destPath: dest,
      progressIntervalMs: 0,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.downloadedBytes >= 40 * 1024) controller.abort();
      },
    });
    await expectError(first, "aborted");
    const kept = (await stat(partPaths(dest).part)).size;
    expect(kept).toBeGreaterThanOrEqual(40 * 1024);
    expect(kept).toBeLessThan(SIZE);
    server.behaviour = {};
    await downloadFile({ ...fast, url: server.url("/model.gguf"), destPath: dest, sha256: bodySha });
    expect(server.requests.at(-1)!.range).toBe(`bytes=${kept}-`);
    expect((await readFile(dest)).equals(body)).toBe(true);
  });

  it("times out on a server that sends headers and then stalls", async () => {
    server.behaviour = { chunkBytes: 1024, chunkDelayMs: 10_000 };
    const error = await expectError(
      downloadFile({ ...fast, maxRetries: 0, timeouts: { connectMs: 1_000, headersMs: 1_000, idleMs: 300 }, url: server.url("/model.gguf"), destPath: join(dir, "m.gguf") }),
      "unavailable",
    );
    expect(error.message).toMatch(/No data for 300 ms|Connection cut/);
  });
});
