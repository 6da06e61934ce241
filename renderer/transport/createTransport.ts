import type { ScriptoriumApi } from "../../shared/api.js";
import { readAccessToken } from "./accessToken.js";
import type { ConnectionMonitor } from "./ConnectionMonitor.js";
import { createHttpTransport } from "./httpTransport.js";
import { createIpcTransport } from "./ipcTransport.js";
import "./ScriptoriumBridge.js";

/** The renderer's transport, and its connection monitor where the server can be lost (browser mode). */
export interface Transport {
  api: ScriptoriumApi;
  connection: ConnectionMonitor | null;
}

/**
 * The renderer's one way to reach the engine: IPC when the Electron preload exposed
 * `window.scriptorium` (the engine lives in the same app: no connection to lose), else HTTP + SSE
 * to the server that served this page.
 */
export function createTransport(): Transport {
  if (window.scriptorium) return { api: createIpcTransport(window.scriptorium), connection: null };
  const http = createHttpTransport({ token: readAccessToken() });
  return { api: http, connection: http.connection };
}
