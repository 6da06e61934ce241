import type { MethodInput, MethodName, MethodOutput, ScriptoriumApi } from "../../shared/api.js";
import { ScriptoriumError } from "../../shared/errors.js";
import type { ScriptoriumBridge } from "./ScriptoriumBridge.js";

/**
 * The contract over Electron IPC: unwraps the preload's `{ok, value | error}` into a value or a
 * thrown `ScriptoriumError` carrying the engine's code, message and details.
 */
export function createIpcTransport(bridge: ScriptoriumBridge): ScriptoriumApi {
  return {
    async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      const result = await bridge.call(method, input);
      if (!result.ok) throw new ScriptoriumError(result.error.code, result.error.message, result.error.details);
      return result.value as MethodOutput<M>;
    },
    subscribe(sessionId, afterSeq, listener) {
      return bridge.subscribe(sessionId, afterSeq, listener);
    },
  };
}
