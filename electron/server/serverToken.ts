import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../engine/io/atomicWrite.js";

/** The browser mode's access token kept across restarts, `<dataDir>/web-token` (0600). */
export const TOKEN_FILE = "web-token";
const VALID = /^[A-Za-z0-9_-]{24,200}$/;

/**
 * The token a tab's link carries survives a server restart: without `--token`, every start made a
 * new one and an open tab lost its sessions to "unauthorized". Read the kept token; a missing,
 * unreadable or malformed file (or one others may read) is replaced by a fresh random token.
 */
export async function loadOrCreateToken(dataDir: string): Promise<string> {
  const file = path.join(dataDir, TOKEN_FILE);
  try {
    const stat = fs.statSync(file);
    const text = fs.readFileSync(file, "utf8").trim();
    // A token readable by group or others is not kept secret: start over with a private one.
    if (stat.isFile() && (process.platform === "win32" || (stat.mode & 0o077) === 0) && VALID.test(text)) return text;
  } catch {
    // No token yet (first start) or unreadable: make one below.
  }
  const token = randomBytes(24).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.rmSync(file, { force: true });
  await writeFileAtomic(file, `${token}\n`, { mode: 0o600, what: "the browser mode's access token" });
  return token;
}
