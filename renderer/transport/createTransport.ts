import type { ScriptoriumApi } from "../../shared/api.js";
import { readAccessToken } from "./accessToken.js";
import { createHttpTransport } from "./httpTransport.js";
import { createIpcTransport } from "./ipcTransport.js";
import "./ScriptoriumBridge.js";

/**
 * The renderer's one way to reach the engine: IPC when the Electron preload exposed
 * `window.scriptorium`, else HTTP + SSE to the server that served this page.
 */
export function createTransport(): ScriptoriumApi {
  if (window.scriptorium) return createIpcTransport(window.scriptorium);
  return createHttpTransport({ token: readAccessToken() });
}
