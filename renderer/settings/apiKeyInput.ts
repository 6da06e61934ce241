/** Longest key the contract accepts (`settings.setApiKey`). */
export const API_KEY_MAX_LENGTH = 4000;

/**
 * The key to send from what was typed, or null when there is nothing to save. Pasted keys often
 * carry a trailing newline or spaces, which a server would reject as part of the bearer token.
 */
export function apiKeyToSave(typed: string): string | null {
  const key = typed.trim();
  return key.length > 0 && key.length <= API_KEY_MAX_LENGTH ? key : null;
}
