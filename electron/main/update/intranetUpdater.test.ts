import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppAdapter } from "electron-updater/out/AppAdapter.js";
import { NodeHttpExecutor, createIntranetUpdater } from "./intranetUpdater.js";

/**
 * electron-updater against an intranet feed on 127.0.0.1 (a real HTTP server, a real download):
 * the feed is parsed, a newer version is offered, a download whose SHA-512 matches the feed is
 * accepted and one that does not is refused.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "updates-"));
const installer = Buffer.from("#!/bin/sh\necho scriptorium 0.2.0\n".repeat(50));
let server: http.Server;
let base = "";
const feeds: Record<string, string> = {};

function nodeApp(version: string): AppAdapter {
  return {
    version,
    name: "Scriptorium",
    isPackaged: true,
    appUpdateConfigPath: path.join(root, "app-update.yml"),
    userDataPath: path.join(root, "user-data"),
    baseCachePath: path.join(root, "cache"),
    whenReady: async () => undefined,
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
}

function feed(version: string, sha512: string): string {
  return [
    `version: ${version}`,
    "files:",
    `  - url: scriptorium_${version}_amd64.deb`,
    `    sha512: ${sha512}`,
    `    size: ${installer.length}`,
    `path: scriptorium_${version}_amd64.deb`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-12-01T00:00:00.000Z'",
    "",
  ].join("\n");
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const [, channel, file] = /^\/(\w+)\/(.+)$/.exec(new URL(request.url ?? "/", "http://x").pathname) ?? [];
    if (file === "latest-linux.yml" && channel && feeds[channel]) {
      response.writeHead(200, { "content-type": "text/yaml" }).end(feeds[channel]);
    } else if (file?.endsWith(".deb")) {
      response.writeHead(200, { "content-type": "application/octet-stream", "content-length": installer.length }).end(installer);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  feeds.good = feed("0.2.0", createHash("sha512").update(installer).digest("base64"));
  feeds.bad = feed("0.2.0", createHash("sha512").update("a different installer").digest("base64"));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

describe("updates from an intranet mirror (generic provider, loopback feed)", () => {
  it("reads the feed, offers the newer version, and downloads an installer whose SHA-512 matches", async () => {
    const updater = createIntranetUpdater({ url: `${base}/good/`, app: nodeApp("0.1.0"), httpExecutor: new NodeHttpExecutor(), logger: quiet, kind: "deb", configPath: path.join(root, "app-update.yml") });
    const result = await updater.checkForUpdates();
    expect(result?.updateInfo.version).toBe("0.2.0");
    expect(result?.isUpdateAvailable).toBe(true);
    expect(result?.updateInfo.files[0]?.url).toBe("scriptorium_0.2.0_amd64.deb");
    const files = await updater.downloadUpdate();
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(files[0]!)).toEqual(installer);
  });

  it("refuses an installer whose SHA-512 is not the feed's", async () => {
    const updater = createIntranetUpdater({ url: `${base}/bad/`, app: nodeApp("0.1.0"), httpExecutor: new NodeHttpExecutor(), logger: quiet, kind: "deb", configPath: path.join(root, "app-update.yml") });
    expect((await updater.checkForUpdates())?.isUpdateAvailable).toBe(true);
    const error = await updater.downloadUpdate().then(() => null, (e: unknown) => e as Error);
    expect(error?.message).toMatch(/sha512 checksum mismatch/);
  });

  it("offers nothing when the feed's version is not newer; refuses a non-http URL", async () => {
    const updater = createIntranetUpdater({ url: `${base}/good/`, app: nodeApp("0.2.0"), httpExecutor: new NodeHttpExecutor(), logger: quiet, kind: "deb", configPath: path.join(root, "app-update.yml") });
    expect((await updater.checkForUpdates())?.isUpdateAvailable).toBe(false);
    expect(() => createIntranetUpdater({ url: "file:///etc/passwd", app: nodeApp("0.1.0"), configPath: path.join(root, "x.yml") })).toThrow(/must be http\(s\)/);
  });
});
