import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import type { ScriptoriumApi } from "../../shared/api.js";
import { httpRequest } from "../engine/io/httpClient.js";
import { writeFileAtomic } from "../engine/io/atomicWrite.js";
import { isLoopbackUrl } from "../engine/io/loopbackHosts.js";
import { processAlive } from "../engine/io/processAlive.js";
import { readJsonFile, readJsonFileSync } from "../engine/io/readJsonFile.js";
import { createServer, type ScriptoriumServer } from "./createServer.js";

/** The discovery file a running app (Electron or `npm run web`) keeps in its data dir. */
export const DISCOVERY_FILE = "server.json";

/** What `server.json` holds: where the app's loopback server listens, its token, and whose it is. */
const ServerDiscoverySchema = z.object({ url: z.string(), token: z.string(), pid: z.number().int() });
export type ServerDiscovery = z.infer<typeof ServerDiscoverySchema>;

/**
 * Publish a running server: `<dataDir>/server.json` {url, token, pid}, mode 0600 (the token is a
 * credential). Returns the function that removes it — only while it is still this process's file,
 * so a second instance's file is never deleted — and removes it on process exit too.
 */
export async function writeDiscovery(dataDir: string, entry: ServerDiscovery): Promise<() => void> {
  const file = path.join(dataDir, DISCOVERY_FILE);
  await writeFileAtomic(file, `${JSON.stringify(entry)}\n`, { mode: 0o600, what: "the server discovery file" });
  let removed = false;
  const remove = (): void => {
    if (removed) return;
    removed = true;
    process.off("exit", remove);
    try {
      const current = readJsonFileSync(file, ServerDiscoverySchema);
      if (current.pid === entry.pid && current.url === entry.url) fs.rmSync(file, { force: true });
    } catch {
      // Already gone or replaced by something unreadable: nothing of ours to remove.
    }
  };
  process.on("exit", remove);
  return remove;
}

/**
 * The running app's server for a data dir, or null: a missing or malformed file, a non-loopback
 * URL, a dead pid, or a server that does not answer `GET /api/health` with that token within
 * `timeoutMs` are all "no app" (a stale file left by a crash is ignored, never trusted).
 */
export async function findRunningServer(dataDir: string, timeoutMs = 2000): Promise<ServerDiscovery | null> {
  const entry = await readJsonFile(path.join(dataDir, DISCOVERY_FILE), ServerDiscoverySchema).catch(() => null);
  if (!entry || !isLoopbackUrl(entry.url)) return null;
  if (!processAlive(entry.pid)) return null;
  try {
    const r = await httpRequest({
      url: `${entry.url.replace(/\/$/, "")}/api/health`,
      headers: { authorization: `Bearer ${entry.token}` },
      limits: { connectMs: timeoutMs, headersMs: timeoutMs, totalMs: timeoutMs, maxBytes: 1_000_000 },
    });
    if (r.status !== 200) return null;
  } catch {
    return null;
  }
  return { url: entry.url, token: entry.token, pid: entry.pid };
}

/** The first data dir (in order) whose app is running. */
export async function findInDataDirs(dirs: readonly string[], timeoutMs?: number): Promise<(ServerDiscovery & { dataDir: string }) | null> {
  for (const dir of dirs) {
    const found = await findRunningServer(dir, timeoutMs);
    if (found) return { ...found, dataDir: dir };
  }
  return null;
}

/**
 * Where a running app may have its data: `~/.scriptorium` (`npm run web`, the CLI) and the desktop
 * app's userData (Electron names it after the app: "Scriptorium" packaged, "scriptorium" in dev).
 */
export function candidateDataDirs(home = os.homedir(), platform = process.platform, env = process.env): string[] {
  const appData = platform === "darwin" ? path.join(home, "Library", "Application Support") : platform === "win32" ? (env.APPDATA ?? path.join(home, "AppData", "Roaming")) : (env.XDG_CONFIG_HOME ?? path.join(home, ".config"));
  return [path.join(home, ".scriptorium"), path.join(appData, "Scriptorium"), path.join(appData, "scriptorium")];
}

export interface DiscoverableServer extends ScriptoriumServer {
  token: string;
  /** Removes server.json, then stops the server. */
  close(): Promise<void>;
}

/**
 * The desktop app's loopback server for local tools (the MCP server forwards to it, so the model
 * loads once): 127.0.0.1 on a free port, a fresh random token, API only, published in server.json.
 */
export async function startDiscoverableServer(options: {
  api: ScriptoriumApi;
  dataDir: string;
  token?: string;
  staticDir?: string;
}): Promise<DiscoverableServer> {
  const token = options.token ?? randomBytes(24).toString("base64url");
  const server = await createServer({ api: options.api, token, host: "127.0.0.1", port: 0, ...(options.staticDir ? { staticDir: options.staticDir } : {}) });
  let remove: () => void;
  try {
    remove = await writeDiscovery(options.dataDir, { url: server.url, token, pid: process.pid });
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    ...server,
    token,
    close: async () => {
      remove();
      await server.close();
    },
  };
}

