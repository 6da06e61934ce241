import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type LaunchOptions } from "playwright-core";

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];

/** Where Chromium-family browsers usually live, per OS (checked in order, after CHROMIUM_PATH). */
function knownPaths(): string[] {
  const local = process.env.LOCALAPPDATA ?? "";
  const pf = [process.env.PROGRAMFILES, process.env["PROGRAMFILES(X86)"]].filter((p): p is string => Boolean(p));
  return [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/snap/bin/chromium",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/usr/bin/microsoft-edge",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
    ...pf.flatMap((p) => [path.join(p, "Google/Chrome/Application/chrome.exe"), path.join(p, "Microsoft/Edge/Application/msedge.exe")]),
    ...(local ? [path.join(local, "Google/Chrome/Application/chrome.exe"), path.join(local, "Chromium/Application/chrome.exe")] : []),
  ];
}

/** The one line the e2e tier prints when it finds no browser at all. */
export const NO_BROWSER_MESSAGE =
  "No Chromium-family browser found for the e2e tests: install Chromium (Debian/Ubuntu: apt install chromium), Google Chrome or Microsoft Edge, or set CHROMIUM_PATH=/path/to/chrome";

/** How a browser was found: an executable path, or a playwright-core channel of an installed Chrome/Edge. */
export type BrowserChoice = { kind: "path"; executablePath: string } | { kind: "channel"; channel: "chrome" | "msedge" };

/** What the search looks at; injected so the "no browser" path is testable on a machine that has one. */
export interface BrowserProbe {
  env: string | undefined;
  exists(file: string): boolean;
  /** True when playwright-core can launch that channel (an installed Chrome / Edge). */
  tryChannel(channel: "chrome" | "msedge"): Promise<boolean>;
}

/**
 * `CHROMIUM_PATH` (must exist), Debian's chromium and the usual install paths, then installed
 * Chrome or Edge through playwright-core's channels. With none, fails with `NO_BROWSER_MESSAGE`.
 */
export async function chooseBrowser(probe: BrowserProbe): Promise<BrowserChoice> {
  if (probe.env) {
    if (!probe.exists(probe.env)) throw new Error(`CHROMIUM_PATH=${probe.env} does not exist. ${NO_BROWSER_MESSAGE}`);
    return { kind: "path", executablePath: probe.env };
  }
  const found = knownPaths().find((p) => probe.exists(p));
  if (found) return { kind: "path", executablePath: found };
  for (const channel of ["chrome", "msedge"] as const) if (await probe.tryChannel(channel)) return { kind: "channel", channel };
  throw new Error(NO_BROWSER_MESSAGE);
}

let chosen: Promise<BrowserChoice> | null = null;

/** The browser of this machine, found once per test file. */
export function findBrowser(): Promise<BrowserChoice> {
  chosen ??= chooseBrowser({
    env: process.env.CHROMIUM_PATH,
    exists: (file) => fs.existsSync(file),
    async tryChannel(channel) {
      const browser = await chromium.launch({ channel, args: ARGS }).catch(() => null);
      await browser?.close();
      return browser !== null;
    },
  });
  return chosen;
}

/**
 * The browser's environment with a UTF-8 locale: started from a caller without one (env -i, a bare
 * container), Chromium runs in the POSIX locale and names a download or an upload whose name is
 * Chinese "download" or nothing, which every export test would read as a product bug.
 */
export function utf8Env(env: NodeJS.ProcessEnv): Record<string, string> {
  const defined = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || "";
  return /utf-?8/i.test(locale) ? defined : { ...defined, LC_ALL: "C.UTF-8" };
}

/** Launches the found browser headless with the e2e flags. */
export async function launchBrowser(extra: LaunchOptions = {}): Promise<Browser> {
  const choice = await findBrowser();
  const where = choice.kind === "path" ? { executablePath: choice.executablePath } : { channel: choice.channel };
  return chromium.launch({ ...where, args: ARGS, ...extra, env: utf8Env({ ...process.env, ...extra.env }) });
}
