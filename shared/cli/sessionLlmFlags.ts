import { THINKING_MODES, type ThinkingMode } from "../coreSettings.js";
import { usageError, type CliContext } from "./CliContext.js";
import { defineFlags } from "./cliFlags.js";

/** The flags a command that starts a session takes for its model and 思考. */
export const SESSION_LLM_FLAGS = defineFlags({ "model-name": "string", thinking: "string" });

/** `--model-name X --thinking off|budget|unlimited` as run.start's session fields (the session's own model and 思考). */
export function sessionLlmFlags(ctx: Pick<CliContext<typeof SESSION_LLM_FLAGS>, "flags">): { model_name?: string; thinking?: ThinkingMode } {
  const { modelName, thinking } = ctx.flags;
  if (thinking !== undefined && !(THINKING_MODES as readonly string[]).includes(thinking)) throw usageError(`--thinking must be one of ${THINKING_MODES.join(", ")}`);
  return { ...(modelName ? { model_name: modelName } : {}), ...(thinking ? { thinking: thinking as ThinkingMode } : {}) };
}
