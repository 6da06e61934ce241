import fs from "node:fs";
import { afterEach } from "vitest";
import { tempDataDir } from "./engineTestKit.js";

/**
 * For one test file: a function that makes a fresh temp dir (`tempDataDir(prefix)`), every one of
 * which is removed after each test. Call it at the top level of the file, once.
 */
export function tempDirsPerTest(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = tempDataDir(prefix);
    dirs.push(dir);
    return dir;
  };
}
