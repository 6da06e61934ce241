import type { ApiError } from "../../shared/errors.js";
import type { EngineEvent } from "../../shared/events.js";

/** What the Electron preload answers for every call: a value or an error, never a thrown Error. */
export type BridgeResult = { ok: true; value: unknown } | { ok: false; error: ApiError };

/** `window.scriptorium`, exposed by the preload (electron/main/createBridge.ts) in Electron only. */
export interface ScriptoriumBridge {
  call(method: string, input: unknown): Promise<BridgeResult>;
  subscribe(sessionId: string, afterSeq: number, listener: (event: EngineEvent) => void): () => void;
}

declare global {
  interface Window {
    scriptorium?: ScriptoriumBridge;
  }
}
