import { z } from "zod";
import { defineWorkflowContract } from "./contract.js";

/** `run.start` input of the chat workflow: the first screen's prompt box. */
export const ChatInputSchema = z
  .object({
    prompt: z.string().trim().min(1, "prompt must not be empty").max(20_000).describe("What the user typed"),
    system: z.string().max(8_000).optional().describe("Optional system prompt"),
    maxTokens: z.number().int().min(1).max(8_192).optional().describe("Reply length cap in tokens; default: the LLM client's (1024)"),
  })
  .strict();
export type ChatInput = z.infer<typeof ChatInputSchema>;

/** One prompt in, one streamed reply (`token` events) out; `done.result` is `{ text }`. Never pauses. */
export const chatContract = defineWorkflowContract({
  id: "chat",
  route: "chat",
  start: ChatInputSchema,
  documents: false,
  pauses: {},
  state: z.object({ status: z.string(), text: z.string() }),
  events: [],
});
export type ChatContract = typeof chatContract;
