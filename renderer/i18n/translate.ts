import { zh, type MessageKey } from "./zh.js";
import { en } from "./en.js";

/** UI locales; zh-CN is the default. */
export type UiLocale = "zh-CN" | "en";

const DICTS: Record<UiLocale, Record<MessageKey, string>> = { "zh-CN": zh, en };

/** A bound translator: `t("materials.count", { n: 3, k: 1 })`. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Looks a key up in the locale's dictionary and fills `{name}` placeholders. */
export function translate(locale: UiLocale, key: MessageKey, params?: Record<string, string | number>): string {
  const template = DICTS[locale][key] ?? zh[key];
  return fillTemplate(template, params);
}

/**
 * Fills `{name}` placeholders, and `{name|one|other}` with the number and the word for it — an
 * English plural ("1 section", "2 sections"); Chinese templates need only `{name}`.
 */
export function fillTemplate(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    if (!(name in params)) return whole;
    const value = params[name]!;
    return one === undefined ? String(value) : `${value} ${Number(value) === 1 ? one : other}`;
  });
}

/** True when `key` is in the shared dictionary (engine-sent names such as actions may not be). */
export function hasMessage(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(zh, key);
}

/** Makes a translator for one locale. */
export function makeTranslate(locale: UiLocale): Translate {
  return (key, params) => translate(locale, key, params);
}

export type { MessageKey };
