import path from "node:path";
import { fileURLToPath } from "node:url";
import { BrowserWindow, Menu, Notification, app, dialog, ipcMain, protocol, safeStorage, shell } from "electron";
import { createAppEngine, type AppEngine } from "../engine/createAppEngine.js";
import type { Engine } from "../engine/Engine.js";
import { APP_ENTRY_URL, APP_SCHEME } from "./appOrigin.js";
import { createAppProtocolHandler } from "./appProtocol.js";
import { createHardenedWindow } from "./createHardenedWindow.js";
import { registerIpc } from "./registerIpc.js";
import { SafeStorageSecretStore } from "./SafeStorageSecretStore.js";
import { appMenuTemplate } from "./appMenu.js";
import { createRunNotifier } from "./runNotifier.js";
import { registerFolderChooser } from "./folderChooser.js";
import { startDiscoverableServer, type DiscoverableServer } from "../server/serverDiscovery.js";
import { checkIntranetUpdates } from "./update/intranetUpdater.js";

// Electron shell only: lifecycle, one hardened window, IPC → engine. Everything that thinks is in the engine.

const here = path.dirname(fileURLToPath(import.meta.url));
/** Vite dev server (`SCRIPTORIUM_DEV_URL=http://localhost:5173`); unset in packaged builds. */
const devUrl = app.isPackaged ? null : (process.env.SCRIPTORIUM_DEV_URL ?? null);
const devOrigin = devUrl ? new URL(devUrl).origin : null;

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
app.enableSandbox();

let engine: AppEngine | null = null;
let localServer: DiscoverableServer | null = null;
let disposed = false;

function openMainWindow(): BrowserWindow {
  return createHardenedWindow({ preloadPath: path.join(here, "preload.cjs"), url: devUrl ?? APP_ENTRY_URL, devOrigin }, { BrowserWindow, shell });
}

async function start(): Promise<void> {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(path.join(app.getAppPath(), "dist", "renderer")));
  const dataDir = app.getPath("userData");
  // Provider and OpenAI keys are encrypted with the OS keychain instead of the server's 0600 file.
  const secrets = new SafeStorageSecretStore(safeStorage, dataDir);
  engine = await createAppEngine({ dataDir, secrets });
  // Updates from the intranet mirror in the settings (off by default), in the background.
  const { updates } = await engine.call("settings.get", {});
  if (app.isPackaged) void checkIntranetUpdates(updates, { configPath: path.join(dataDir, "app-update.yml"), log: engine.app.log });
  // Loopback server + <userData>/server.json for local tools (`npm run mcp` forwards here: one model load).
  localServer = await startDiscoverableServer({ api: engine, dataDir }).catch((error: unknown) => {
    console.error("[main] local tool server not started", error);
    return null;
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, isDev: devUrl !== null, onAbout: () => app.showAboutPanel() })));
  // A pause or the end of a run while the window is in the background: a system notification; a click brings the window back.
  const notice = createRunNotifier({ isBackground: () => !BrowserWindow.getAllWindows().some((w) => w.isFocused()) });
  registerIpc(engine, ipcMain, {
    devOrigin,
    onEvent(event, contents) {
      const message = notice(event);
      if (!message || !Notification.isSupported()) return;
      const notification = new Notification({ title: message.title, body: message.body, silent: false });
      notification.on("click", () => {
        const win = BrowserWindow.fromWebContents(contents);
        if (win?.isMinimized()) win.restore();
        win?.focus();
      });
      notification.show();
    },
  });
  registerFolderChooser(ipcMain, dialog, { devOrigin, windowOf: (contents) => BrowserWindow.fromWebContents(contents) });
  openMainWindow();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on("second-instance", () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  // Defence in depth for any webContents, including ones not made by createHardenedWindow.
  app.on("web-contents-created", (_event, contents) => {
    contents.on("will-attach-webview", (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: "deny" }));
  });
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("activate", () => {
    if (engine && BrowserWindow.getAllWindows().length === 0) openMainWindow();
  });
  app.on("before-quit", (event) => {
    // Hold the quit until llama.cpp, LanceDB and SQLite are closed; a paused run is already checkpointed.
    if (!engine || disposed) return;
    event.preventDefault();
    disposed = true;
    void (localServer?.close() ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => engine!.dispose())
      .catch((error: unknown) => console.error("[main] engine dispose failed", error))
      .finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error("[main] startup failed", error);
      app.exit(1);
    });
}
