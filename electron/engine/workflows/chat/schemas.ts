import { z } from "zod";

/** `run.start` input of the chat workflow: the first screen's prompt box. */
export const ChatInputSchema = z
  .object({
    prompt: z.string().trim().min(1, "prompt must not be empty").max(20_000).describe("What the user typed"),
    system: z.string().max(8_000).optional().describe("Optional system prompt"),
  })
  .strict();
export type ChatInput = z.infer<typeof ChatInputSchema>;
