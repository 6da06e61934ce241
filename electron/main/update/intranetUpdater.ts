import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import https from "node:https";
import type { RequestOptions } from "node:http";
import { HttpExecutor, configureRequestOptions, configureRequestUrl, type DownloadOptions } from "builder-util-runtime";
import { AppImageUpdater, DebUpdater, MacUpdater, NsisUpdater, type AppUpdater, type Logger } from "electron-updater";
import type { AppAdapter } from "electron-updater/out/AppAdapter.js";

/**
 * Updates from an intranet mirror: electron-updater's generic provider on the URL from the
 * settings (`updates.url`, a folder holding `latest.yml` / `latest-linux.yml` / `latest-mac.yml`
 * and the installers electron-builder wrote). Off unless `updates.enabled`. It checks and
 * downloads, never installs by itself: the download is verified against the feed's SHA-512 (and,
 * on Windows, the installer's Authenticode publisher), then installed when the app quits.
 */
export interface IntranetUpdaterOptions {
  url: string;
  /** The running app; default Electron's (tests pass a Node adapter). */
  app?: AppAdapter;
  /** Requests made without Electron's net module (tests, or a build that has none). */
  httpExecutor?: HttpExecutor<http.ClientRequest>;
  logger?: Logger;
  /**
   * Where the updater's own config is written (`<dataDir>/app-update.yml`): the build publishes
   * nothing, so the packaged app has none, and electron-updater reads its cache folder name there.
   */
  configPath: string;
  /** Which updater: default by platform (AppImage when run as one, else deb on Linux). */
  kind?: "nsis" | "mac" | "appimage" | "deb";
}

/** The updater for this platform, pointed at the intranet feed, with automatic download off. */
export function createIntranetUpdater(options: IntranetUpdaterOptions): AppUpdater {
  const url = new URL(options.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`The update URL must be http(s)://, got ${options.url}`);
  const kind = options.kind ?? defaultKind();
  const feed = { provider: "generic" as const, url: options.url };
  const Updater = { nsis: NsisUpdater, mac: MacUpdater, appimage: AppImageUpdater, deb: DebUpdater }[kind];
  const updater: AppUpdater = new Updater(undefined, options.app);
  // The provider takes the executor when the feed is set, so it is replaced first.
  if (options.httpExecutor) (updater as unknown as { httpExecutor: HttpExecutor<http.ClientRequest> }).httpExecutor = options.httpExecutor;
  updater.setFeedURL(feed);
  // JSON is YAML: the same feed, and the cache folder under the OS cache dir.
  fs.mkdirSync(path.dirname(options.configPath), { recursive: true });
  fs.writeFileSync(options.configPath, JSON.stringify({ ...feed, updaterCacheDirName: "scriptorium-updater" }));
  updater.updateConfigPath = options.configPath;
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = true;
  // An intranet mirror rarely serves the blockmaps or range requests differential downloads need.
  updater.disableDifferentialDownload = true;
  if (options.logger) updater.logger = options.logger;
  return updater;
}

function defaultKind(): NonNullable<IntranetUpdaterOptions["kind"]> {
  if (process.platform === "win32") return "nsis";
  if (process.platform === "darwin") return "mac";
  return process.env.APPIMAGE ? "appimage" : "deb";
}

/** builder-util-runtime's HTTP executor over Node's http/https (what electron-updater's own tests use). */
export class NodeHttpExecutor extends HttpExecutor<http.ClientRequest> {
  /** The file download electron-updater calls (Electron's executor has one; the base class does not): verified by `doDownload`'s SHA-512 transform. */
  async download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        { destination, options, onCancel, callback: (error) => (error == null ? resolve(destination) : reject(error)), responseHandler: null },
        0,
      );
    });
  }

  createRequest(options: RequestOptions, callback: (response: http.IncomingMessage) => void): http.ClientRequest {
    const request = (options.protocol === "https:" ? https : http).request(options as http.RequestOptions);
    request.on("response", callback);
    return request;
  }
}

/**
 * The app's update check at start, when `updates.enabled` and `updates.url` are set: check the
 * mirror, download a newer version (verified), and let it install when the app quits. Every
 * outcome goes to the log; a failure never stops the app.
 */
export async function checkIntranetUpdates(
  settings: { enabled: boolean; url: string | null },
  options: { configPath: string; log: { info(...data: unknown[]): void; warn(...data: unknown[]): void } },
): Promise<void> {
  if (!settings.enabled || !settings.url) return;
  try {
    const updater = createIntranetUpdater({
      url: settings.url,
      configPath: options.configPath,
      logger: { info: options.log.info, warn: options.log.warn, error: options.log.warn },
    });
    const result = await updater.checkForUpdates();
    if (!result?.isUpdateAvailable) {
      options.log.info(`updates: none newer at ${settings.url}`);
      return;
    }
    options.log.info(`updates: ${result.updateInfo.version} found at ${settings.url}; downloading`);
    await updater.downloadUpdate();
    options.log.info(`updates: ${result.updateInfo.version} downloaded and verified; it installs when the app quits`);
  } catch (error) {
    options.log.warn(`updates: check at ${settings.url} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
