import { Annotation } from "@langchain/langgraph";

/** State of the one-step chat graph. */
export const ChatAnnotation = Annotation.Root({
  /** The user's prompt. */
  prompt: Annotation<string>(),
  /** Optional system prompt; empty string when absent (LangGraph state values must be JSON). */
  system: Annotation<string>(),
  /** Reply length cap in tokens; 0 = the LLM client's default. */
  maxTokens: Annotation<number>(),
  /** The model's full reply, set when generation ends. */
  text: Annotation<string>(),
  /** Why generation stopped (`eog`, `maxTokens`, `abort`, `stop`). */
  stopReason: Annotation<string>(),
});
export type ChatState = typeof ChatAnnotation.State;
export type ChatUpdate = typeof ChatAnnotation.Update;
