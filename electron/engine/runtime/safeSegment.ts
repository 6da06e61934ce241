import { ScriptoriumError } from "../../../shared/errors.js";

/** Session ids are UUIDs; refuse anything that could escape the cache root. */
export function safeSegment(sessionId: string): string {
  if (!/^[\w-]+$/.test(sessionId)) throw new ScriptoriumError("bad_request", `Invalid session id ${JSON.stringify(sessionId)}.`);
  return sessionId;
}
