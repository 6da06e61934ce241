import type { IpcRenderer } from "electron";
import { IPC_EVENT_CHANNEL, IPC_SUBSCRIBE_CHANNEL, IPC_UNSUBSCRIBE_CHANNEL, ipcChannel, isMethodName } from "../../shared/api.js";
import type { EngineEvent } from "../../shared/events.js";
import type { IpcEventMessage, IpcResult } from "./ipcMessages.js";

/**
 * What the preload exposes as `window.scriptorium`: capabilities, not Electron. `call` resolves to
 * an `IpcResult` (the renderer's ipcTransport unwraps it into a value or a thrown error).
 */
export interface ScriptoriumBridge {
  call(method: string, input: unknown): Promise<IpcResult>;
  subscribe(sessionId: string, afterSeq: number, listener: (event: EngineEvent) => void): () => void;
}

/** Build the bridge over an ipcRenderer; separate from preload.ts so it can be tested with a fake. */
export function createBridge(ipc: Pick<IpcRenderer, "invoke" | "on">, newId: () => string = () => crypto.randomUUID()): ScriptoriumBridge {
  const listeners = new Map<string, (event: EngineEvent) => void>();
  ipc.on(IPC_EVENT_CHANNEL, (_event, message: IpcEventMessage) => listeners.get(message.subscriptionId)?.(message.event));
  return {
    call(method, input) {
      // Only contract methods reach ipcRenderer: the page cannot name an arbitrary channel.
      if (typeof method !== "string" || !isMethodName(method)) {
        return Promise.resolve({ ok: false, error: { code: "not_found", message: `Unknown method "${String(method)}".` } });
      }
      return ipc.invoke(ipcChannel(method), input) as Promise<IpcResult>;
    },
    subscribe(sessionId, afterSeq, listener) {
      const subscriptionId = newId();
      // Registered before the invoke so that replayed events arriving first are not lost.
      listeners.set(subscriptionId, (event) => listener(event));
      void (ipc.invoke(IPC_SUBSCRIBE_CHANNEL, { subscriptionId, sessionId, afterSeq }) as Promise<IpcResult>).then((result) => {
        if (!result.ok) {
          listeners.delete(subscriptionId);
          console.warn(`[scriptorium] subscribe(${sessionId}) refused: ${result.error.message}`);
        }
      });
      return () => {
        if (!listeners.delete(subscriptionId)) return;
        void ipc.invoke(IPC_UNSUBSCRIBE_CHANNEL, { subscriptionId });
      };
    },
  };
}
