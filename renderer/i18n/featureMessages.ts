import type { UiLocale } from "./translate.js";

/**
 * Strings that features registered (`registerMessages`, called by the feature registry for every
 * feature's `messages`). App-wide components that show a workflow's names they cannot know — a
 * pause or action in the timeline or the session list, a nav label — look keys up here after
 * the shared dictionary, so a new workflow never edits `zh.ts` / `en.ts`.
 */
const registered: Record<UiLocale, Map<string, string>> = { "zh-CN": new Map(), en: new Map() };

/** Adds a feature's strings; a key another feature already registered with other text is refused (keys are namespaced by feature id). */
export function registerMessages(messages: { "zh-CN": Readonly<Record<string, string>>; en: Readonly<Record<string, string>> }): void {
  for (const locale of ["zh-CN", "en"] as const) {
    for (const [key, text] of Object.entries(messages[locale])) {
      const known = registered[locale].get(key);
      if (known !== undefined && known !== text) throw new Error(`message key "${key}" is already registered by another feature; prefix a feature's keys with its id`);
    }
  }
  for (const locale of ["zh-CN", "en"] as const) for (const [key, text] of Object.entries(messages[locale])) registered[locale].set(key, text);
}

/** A registered feature string in the locale (zh-CN as fallback), or undefined. */
export function registeredMessage(locale: UiLocale, key: string): string | undefined {
  const text = registered[locale].get(key);
  return text !== undefined && text !== "" ? text : registered["zh-CN"].get(key);
}
