import { CHAT_FLAGS, chatCommand } from "./chatCli.js";
import { chatContract } from "../../../../shared/workflows/chat.js";
import type { ChatInput } from "../../../../shared/workflows/chat.js";
import { ScriptoriumError } from "../../../../shared/errors.js";
import type { WorkflowDefinition } from "../WorkflowDefinition.js";
import { buildChatGraph } from "./graph.js";

const TITLE_CHARS = 60;

/** The chat workflow: one prompt in, one streamed reply out; `done.result` is `{ text }`. */
export const chatWorkflow: WorkflowDefinition<ChatInput, typeof chatContract> = {
  id: "chat",
  contract: chatContract,
  cli: {
    flags: CHAT_FLAGS,
    usage: [
      'chat "<prompt>" [--max-tokens N]',
    ],
    run: chatCommand,
  },
  title: (input) => {
    const line = input.prompt.replace(/\s+/g, " ").trim();
    return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
  },
  build: (deps, checkpointer) => buildChatGraph(deps, checkpointer),
  initialState: (input) => ({ prompt: input.prompt, system: input.system ?? "", maxTokens: input.maxTokens ?? 0, text: "", stopReason: "" }),
  parseResume: () => {
    throw new ScriptoriumError("conflict", "The chat workflow never pauses.", { allowed: [] });
  },
  publicValues: (values, session) => ({ status: session.status, text: typeof values.text === "string" ? values.text : "" }),
  doneSummary: (values) => {
    const chars = typeof values.text === "string" ? [...values.text].length : 0;
    return { text: `${chars} characters`, message: { key: "done", params: { n: chars } } };
  },
};
