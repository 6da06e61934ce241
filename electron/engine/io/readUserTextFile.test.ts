import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirsPerTest } from "../testing/tempDirsPerTest.js";
import { readUserTextFile } from "./readUserTextFile.js";

const tempDir = tempDirsPerTest("read-user-text-");
const options = { maxBytes: 16, what: "Style guide" };

describe("readUserTextFile", () => {
  it("reads a regular file within the cap", () => {
    const file = path.join(tempDir(), "g.md");
    fs.writeFileSync(file, "# 标题");
    expect(readUserTextFile(file, options)).toBe("# 标题");
  });

  it("names the file and the problem: missing, a folder, too large", () => {
    const dir = tempDir();
    expect(() => readUserTextFile(path.join(dir, "none.md"), options)).toThrow(expect.objectContaining({ code: "not_found", message: `Style guide ${path.join(dir, "none.md")}: no such file.` }) as Error);
    expect(() => readUserTextFile(dir, options)).toThrow(expect.objectContaining({ code: "bad_request", message: expect.stringContaining("is not a regular file") }) as Error);
    const big = path.join(dir, "big.md");
    fs.writeFileSync(big, "x".repeat(17));
    expect(() => readUserTextFile(big, options)).toThrow(`Style guide ${big} has 17 bytes; the limit is 16.`);
  });

  it.runIf(process.platform !== "win32")("refuses a FIFO without opening it (opening one would block)", () => {
    const fifo = path.join(tempDir(), "pipe.md");
    execFileSync("mkfifo", [fifo]);
    expect(() => readUserTextFile(fifo, options)).toThrow(/is not a regular file/);
  });
});
