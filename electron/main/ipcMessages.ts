import { z } from "zod";
import type { ApiError } from "../../shared/errors.js";
import type { EngineEvent } from "../../shared/events.js";

/** What every IPC handler resolves to: errors travel as data, never as a thrown Error (whose fields IPC drops). */
export type IpcResult<T = unknown> = { ok: true; value: T } | { ok: false; error: ApiError };

/**
 * `IPC_SUBSCRIBE_CHANNEL` payload. The preload picks `subscriptionId` itself so that it can route
 * events that arrive before the invoke resolves.
 */
export const SubscribeRequestSchema = z
  .object({
    subscriptionId: z.string().min(1).max(100),
    sessionId: z.string().min(1).max(100),
    afterSeq: z.number().int().min(0),
  })
  .strict();
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

export const UnsubscribeRequestSchema = z.object({ subscriptionId: z.string().min(1).max(100) }).strict();

/** Pushed on `IPC_EVENT_CHANNEL` to the subscribing webContents. */
export interface IpcEventMessage {
  subscriptionId: string;
  event: EngineEvent;
}
