import type { IpcMain, IpcMainInvokeEvent, WebContents } from "electron";
import { IPC_EVENT_CHANNEL, IPC_SUBSCRIBE_CHANNEL, IPC_UNSUBSCRIBE_CHANNEL, METHOD_NAMES, ipcChannel } from "../../shared/api.js";
import type { MethodName, ScriptoriumApi } from "../../shared/api.js";
import type { EngineEvent } from "../../shared/events.js";
import { ScriptoriumError, toApiError } from "../../shared/errors.js";
import { isAppUrl } from "./appOrigin.js";
import type { IpcEventMessage, IpcResult } from "./ipcMessages.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "./ipcMessages.js";

export interface RegisterIpcOptions {
  /** Dev server origin allowed besides `app://scriptorium`; null in production. */
  devOrigin?: string | null;
  /** Sees every event delivered to a window (system notifications while it is in the background). */
  onEvent?: (event: EngineEvent, contents: WebContents) => void;
}

type Handler = (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown>;

/**
 * One `ipcMain.handle` per contract method plus the subscribe/unsubscribe pair. Every message is
 * distrusted: the sender frame must be our app origin, the payload is parsed with the method's zod
 * schema, and the answer is an `IpcResult`. Returns a function removing every handler and
 * subscription (for tests and hot reload).
 */
export function registerIpc(api: ScriptoriumApi, ipcMain: Pick<IpcMain, "handle" | "removeHandler">, options: RegisterIpcOptions = {}): () => void {
  const devOrigin = options.devOrigin ?? null;
  const subscriptions = new Map<WebContents, Map<string, () => void>>();

  const guarded = (handler: (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown> | unknown): Handler => {
    return async (event, payload): Promise<IpcResult> => {
      try {
        const frameUrl = event.senderFrame?.url;
        if (!isAppUrl(frameUrl, devOrigin)) {
          throw new ScriptoriumError("unauthorized", `IPC from a foreign frame refused: ${frameUrl ?? "(no frame)"}`);
        }
        return { ok: true, value: await handler(event, payload) };
      } catch (error) {
        return { ok: false, error: toApiError(error) };
      }
    };
  };

  const dropAll = (contents: WebContents): void => {
    const subs = subscriptions.get(contents);
    subscriptions.delete(contents);
    for (const unsubscribe of subs?.values() ?? []) unsubscribe();
  };

  const channels: string[] = [];
  const handle = (channel: string, handler: Handler): void => {
    ipcMain.handle(channel, handler);
    channels.push(channel);
  };

  // The engine's own table when it has one (it includes workflows registered at run time).
  const methods = ((api as { methodNames?(): string[] }).methodNames?.() ?? METHOD_NAMES) as MethodName[];
  for (const method of methods) {
    handle(
      ipcChannel(method),
      // The engine parses the payload (once, at Engine.call); main only checks the sender and transports.
      guarded((_event, payload) => api.call(method as MethodName, (payload ?? {}) as never)),
    );
  }

  handle(
    IPC_SUBSCRIBE_CHANNEL,
    guarded((event, payload) => {
      const request = SubscribeRequestSchema.parse(payload);
      const contents = event.sender;
      let subs = subscriptions.get(contents);
      if (!subs) {
        subs = new Map();
        subscriptions.set(contents, subs);
        // A closed window or a full page load leaves nobody to deliver to.
        contents.once("destroyed", () => dropAll(contents));
        contents.on("did-start-navigation", (details) => {
          if (details.isMainFrame && !details.isSameDocument) dropAll(contents);
        });
      }
      subs.get(request.subscriptionId)?.();
      const unsubscribe = api.subscribe(request.sessionId, request.afterSeq, (engineEvent) => {
        if (contents.isDestroyed()) return;
        const message: IpcEventMessage = { subscriptionId: request.subscriptionId, event: engineEvent };
        contents.send(IPC_EVENT_CHANNEL, message);
        options.onEvent?.(engineEvent, contents);
      });
      subs.set(request.subscriptionId, unsubscribe);
      return { subscriptionId: request.subscriptionId };
    }),
  );

  handle(
    IPC_UNSUBSCRIBE_CHANNEL,
    guarded((event, payload) => {
      const { subscriptionId } = UnsubscribeRequestSchema.parse(payload);
      const subs = subscriptions.get(event.sender);
      subs?.get(subscriptionId)?.();
      subs?.delete(subscriptionId);
      return { ok: true };
    }),
  );

  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
    for (const contents of [...subscriptions.keys()]) dropAll(contents);
  };
}
