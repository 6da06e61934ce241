import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TOKEN_FILE, loadOrCreateToken } from "./serverToken.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-token-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the browser mode's kept token", () => {
  it("is created once (0600) and the same on the next start", async () => {
    const dir = tempDir();
    const first = await loadOrCreateToken(dir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    if (process.platform !== "win32") expect(fs.statSync(path.join(dir, TOKEN_FILE)).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateToken(dir)).toBe(first);
  });

  it("replaces a malformed or world-readable token file with a fresh private one", async () => {
    const dir = tempDir();
    const file = path.join(dir, TOKEN_FILE);
    fs.writeFileSync(file, "short\n", { mode: 0o600 });
    const replaced = await loadOrCreateToken(dir);
    expect(replaced).not.toBe("short");
    if (process.platform === "win32") return;
    fs.chmodSync(file, 0o644);
    const again = await loadOrCreateToken(dir);
    expect(again).not.toBe(replaced);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
