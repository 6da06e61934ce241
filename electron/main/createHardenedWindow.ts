import type { BrowserWindow, BrowserWindowConstructorOptions, Shell } from "electron";
import { isAppUrl } from "./appOrigin.js";
import { DEFAULT_EXTERNAL_HOSTS, isAllowedExternalUrl } from "./externalLinks.js";
import { hardenSession } from "./hardenSession.js";

export interface HardenedWindowOptions {
  /** Absolute path of the bundled preload (CJS: sandboxed preloads cannot be ESM). */
  preloadPath: string;
  /** What to load: `APP_ENTRY_URL`, or the dev server URL. */
  url: string;
  /** Origin of the Vite dev server when `url` is one (`http://localhost:5173`); null in production. */
  devOrigin?: string | null;
  /** Hosts links may open in the system browser; default `DEFAULT_EXTERNAL_HOSTS`. */
  externalHosts?: readonly string[];
  /** Initial size in px; default 1280 × 860. */
  width?: number;
  height?: number;
  title?: string;
}

/** Electron parts the window needs, injected so the hardening is unit-testable without Electron. */
export interface WindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  shell: Pick<Shell, "openExternal">;
}

/**
 * The ONE way to create a window: isolated, sandboxed, no Node, no webviews; navigation limited to
 * the app origin, `window.open` denied (allow-listed http(s) links go to the system browser),
 * permissions denied, CSP enforced.
 */
export function createHardenedWindow(options: HardenedWindowOptions, deps: WindowDeps): BrowserWindow {
  const win = new deps.BrowserWindow({
    width: options.width ?? 1280,
    height: options.height ?? 860,
    title: options.title ?? "Scriptorium",
    show: false,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  });
  const contents = win.webContents;
  hardenSession(contents.session);
  const devOrigin = options.devOrigin ?? null;
  const externalHosts = options.externalHosts ?? DEFAULT_EXTERNAL_HOSTS;
  const openIfAllowed = (url: string): void => {
    // The normalised href is what was checked, so that is what the OS gets.
    if (isAllowedExternalUrl(url, externalHosts)) void deps.shell.openExternal(new URL(url).href).catch(() => undefined);
  };
  const guard = (event: { preventDefault(): void }, url: string): void => {
    if (isAppUrl(url, devOrigin)) return;
    event.preventDefault();
    openIfAllowed(url);
  };
  contents.on("will-navigate", (event, url) => guard(event, event.url ?? url));
  contents.on("will-redirect", (event, url) => guard(event, event.url ?? url));
  contents.on("will-attach-webview", (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url);
    return { action: "deny" };
  });
  win.once("ready-to-show", () => win.show());
  void win.loadURL(options.url);
  return win;
}
