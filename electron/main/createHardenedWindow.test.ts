import type { BrowserWindowConstructorOptions } from "electron";
import { describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../server/contentSecurityPolicy.js";
import { APP_ENTRY_URL } from "./appOrigin.js";
import { createHardenedWindow } from "./createHardenedWindow.js";
import type { WindowDeps } from "./createHardenedWindow.js";

type Listener = (...args: any[]) => void;

/** A BrowserWindow stand-in recording constructor options, listeners and session handlers. */
function fakeElectron() {
  const captured: { options?: BrowserWindowConstructorOptions; loaded?: string } = {};
  const listeners = new Map<string, Listener>();
  const opened: string[] = [];
  const session = {
    permissionRequest: null as Listener | null,
    permissionCheck: null as Listener | null,
    headers: null as { filter: unknown; listener: Listener } | null,
    setPermissionRequestHandler(fn: Listener) {
      this.permissionRequest = fn;
    },
    setPermissionCheckHandler(fn: Listener) {
      this.permissionCheck = fn;
    },
    webRequest: {
      onHeadersReceived: (filter: unknown, listener: Listener) => {
        session.headers = { filter, listener };
      },
    },
  };
  let windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  const webContents = {
    session,
    on(event: string, fn: Listener) {
      listeners.set(event, fn);
      return webContents;
    },
    setWindowOpenHandler(fn: (details: { url: string }) => { action: string }) {
      windowOpenHandler = fn;
    },
  };
  class FakeWindow {
    webContents = webContents;
    constructor(options: BrowserWindowConstructorOptions) {
      captured.options = options;
    }
    once() {
      return this;
    }
    show() {}
    async loadURL(url: string) {
      captured.loaded = url;
    }
  }
  const deps = {
    BrowserWindow: FakeWindow,
    shell: { openExternal: async (url: string) => void opened.push(url) },
  } as unknown as WindowDeps;
  const navigate = (event: string, url: string) => {
    let prevented = false;
    listeners.get(event)?.({ url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  };
  return { deps, captured, listeners, opened, session, navigate, openWindow: (url: string) => windowOpenHandler?.({ url }) };
}

describe("createHardenedWindow", () => {
  it("creates the window isolated, sandboxed, without Node or webviews", () => {
    const fake = fakeElectron();
    createHardenedWindow({ preloadPath: "/app/preload.cjs", url: APP_ENTRY_URL }, fake.deps);
    expect(fake.captured.options?.webPreferences).toMatchObject({
      preload: "/app/preload.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(fake.captured.loaded).toBe(APP_ENTRY_URL);
  });

  it("blocks navigation and redirects away from the app origin; allow-listed links go to the browser", () => {
    const fake = fakeElectron();
    createHardenedWindow({ preloadPath: "/p.cjs", url: APP_ENTRY_URL }, fake.deps);
    expect(fake.navigate("will-navigate", "app://scriptorium/settings")).toBe(false);
    expect(fake.navigate("will-navigate", "https://evil.example/")).toBe(true);
    expect(fake.navigate("will-navigate", "file:///etc/passwd")).toBe(true);
    expect(fake.navigate("will-redirect", "app://other/index.html")).toBe(true);
    expect(fake.navigate("will-navigate", "https://huggingface.co/Qwen")).toBe(true);
    expect(fake.opened).toEqual(["https://huggingface.co/Qwen"]);
    let attached = true;
    fake.listeners.get("will-attach-webview")?.({ preventDefault: () => (attached = false) });
    expect(attached).toBe(false);
  });

  it("denies every window.open, opening only allow-listed http(s) links externally", () => {
    const fake = fakeElectron();
    createHardenedWindow({ preloadPath: "/p.cjs", url: APP_ENTRY_URL }, fake.deps);
    expect(fake.openWindow("https://github.com/withcatai/node-llama-cpp")).toEqual({ action: "deny" });
    expect(fake.openWindow("javascript:alert(1)")).toEqual({ action: "deny" });
    expect(fake.openWindow("https://github.com@evil.example/")).toEqual({ action: "deny" });
    expect(fake.opened).toEqual(["https://github.com/withcatai/node-llama-cpp"]);
  });

  it("denies permissions and adds the CSP header to app:// responses", () => {
    const fake = fakeElectron();
    createHardenedWindow({ preloadPath: "/p.cjs", url: APP_ENTRY_URL }, fake.deps);
    let granted: boolean | null = null;
    fake.session.permissionRequest?.({}, "media", (ok: boolean) => (granted = ok));
    expect(granted).toBe(false);
    expect(fake.session.permissionCheck?.({}, "clipboard-read")).toBe(false);
    expect(fake.session.headers?.filter).toEqual({ urls: ["app://*/*"] });
    let headers: Record<string, string[]> = {};
    fake.session.headers?.listener({ responseHeaders: { "Content-Type": ["text/html"] } }, (r: { responseHeaders: Record<string, string[]> }) => (headers = r.responseHeaders));
    expect(headers["Content-Security-Policy"]).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers["Content-Type"]).toEqual(["text/html"]);
  });

  it("allows the dev server origin only when one is configured", () => {
    const fake = fakeElectron();
    createHardenedWindow({ preloadPath: "/p.cjs", url: "http://localhost:5173/", devOrigin: "http://localhost:5173" }, fake.deps);
    expect(fake.navigate("will-navigate", "http://localhost:5173/x")).toBe(false);
    expect(fake.navigate("will-navigate", "http://localhost:5174/x")).toBe(true);
  });
});
