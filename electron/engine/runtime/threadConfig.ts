/** The LangGraph config naming a session's checkpoint thread (its id). */
export function threadConfig(sessionId: string): { configurable: { thread_id: string } } {
  return { configurable: { thread_id: sessionId } };
}
