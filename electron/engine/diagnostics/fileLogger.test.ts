import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFileLogger, redactLogText } from "./fileLogger.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "logs-"));
  dirs.push(dir);
  return dir;
}

describe("the log file", () => {
  it("exists in the data dir, starts at info, and holds no secret", () => {
    const dir = tmp();
    const key = "sk-live-1234567890abcdef";
    const logger = createFileLogger({ dir, secrets: () => [key] });
    logger.info("provider test failed", { url: "http://intranet/api", body: `echo: ${key}` });
    logger.warn("Authorization: Bearer abcdefghijklmnop1234 was rejected");
    logger.error(new Error("S3 said: awsSecretAccessKey=wJalrXUtnFEMI/K7MDENG access_key_id=AKIAIOSFODNN7EXAMPLE"));
    logger.debug("debug lines are below the default level");
    const text = fs.readFileSync(logger.file, "utf8");
    expect(path.basename(logger.file)).toBe("scriptorium.log");
    expect(text).toContain("provider test failed");
    expect(text).toContain("[warn]");
    expect(text).not.toContain(key);
    expect(text).not.toContain("abcdefghijklmnop1234");
    expect(text).not.toContain("wJalrXUtnFEMI");
    expect(text).not.toContain("AKIAIOSFODNN7EXAMPLE");
    expect(text).not.toContain("debug lines");
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it("rotates by size into numbered files and keeps only the newest ones", () => {
    const dir = tmp();
    const logger = createFileLogger({ dir, maxBytes: 2_000, keep: 2 });
    for (let i = 0; i < 200; i++) logger.info(`line ${i} ${"x".repeat(80)}`);
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual(["scriptorium.1.log", "scriptorium.2.log", "scriptorium.log"]);
    for (const file of files) expect(fs.statSync(path.join(dir, file)).size).toBeLessThan(2_000 + 200);
    // The newest line is in the current file; older ones rotated out.
    expect(fs.readFileSync(path.join(dir, "scriptorium.log"), "utf8")).toContain("line 199 ");
    expect(fs.readFileSync(path.join(dir, "scriptorium.2.log"), "utf8")).not.toContain("line 0 ");
  });

  it("redacts key=value credentials and known values in plain text", () => {
    expect(redactLogText('token="abc123456" and password: hunter22', [])).toBe("token=[redacted] and password: [redacted]");
    expect(redactLogText("my value supersecretvalue here", ["supersecretvalue"])).toBe("my value [redacted] here");
  });
});
