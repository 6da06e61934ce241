import type { MessageKey, Translate, UiLocale } from "./translate.js";
import type { StepText } from "../../shared/coreEvents.js";
import { fillTemplate, hasMessage, translate } from "./translate.js";
import { registeredMessage } from "./featureMessages.js";

/**
 * A feature's own UI strings, kept beside the feature (`renderer/features/<id>/messages.ts`) so a
 * new workflow never edits the shared `zh.ts` / `en.ts`. Both locales must have the same keys
 * (checked by the compiler); keys are namespaced by convention (`docgen.start`, `paper.ask`).
 */
export interface FeatureMessages<K extends string> {
  "zh-CN": Readonly<Record<K, string>>;
  en: Readonly<Record<K, string>>;
}

/** Declares a feature's strings; `en` must list exactly the keys of `zh`. */
export function defineMessages<const Z extends Record<string, string>>(
  zh: Z,
  en: Readonly<Record<keyof Z & string, string>>,
): FeatureMessages<keyof Z & string> {
  return { "zh-CN": zh, en };
}

/** A translator over a feature's keys and every shared key. */
export type FeatureTranslate<K extends string> = (key: K | MessageKey, params?: Record<string, string | number>) => string;

/** Fills placeholders the same way the shared dictionary does (`{name}`, `{n|one|other}`). */
const fill = fillTemplate;

/** Binds a feature's messages to a locale: feature keys first, then the shared dictionary. */
export function makeFeatureTranslate<K extends string>(messages: FeatureMessages<K>, locale: UiLocale): FeatureTranslate<K> {
  const own = messages[locale] as Readonly<Record<string, string>>;
  const fallback = messages["zh-CN"] as Readonly<Record<string, string>>;
  return (key, params) => {
    const template = own[key] ?? fallback[key];
    return template !== undefined ? fill(template, params) : translate(locale, key as MessageKey, params);
  };
}

/** A label shown in one of the UI locales: a key (shared, or registered by a feature) or a literal per locale. */
export type LocalizedLabel = MessageKey | (string & {}) | { "zh-CN": string; en: string };

/** Resolves a `LocalizedLabel` with the shared dictionary, then the features' registered strings. */
export function resolveLabel(label: LocalizedLabel, t: Translate, locale: UiLocale): string {
  if (typeof label !== "string") return label[locale];
  return hasMessage(label) ? t(label) : (registeredMessage(locale, label) ?? label);
}

/**
 * Looks up a key that may be missing from the dictionary (an action or pause name the engine
 * sends): the shared translation, else a feature's registered one, else `fallback` (the raw name by default).
 */
export function translateOr(locale: UiLocale, key: string, fallback: string = key.slice(key.lastIndexOf(".") + 1)): string {
  return hasMessage(key) ? translate(locale, key) : (registeredMessage(locale, key) ?? fallback);
}

/** A pause's title: the workflow's registered `<workflow>.pause.<point>`, else the raw name. */
export function pauseLabel(locale: UiLocale, workflow: string | null | undefined, pausePoint: string): string {
  return translateOr(locale, `${workflow ?? ""}.pause.${pausePoint}`, pausePoint);
}

/** A message the engine named by key (`StepText`): a param written `@<key>` is itself a message (an intent's name). */
function messageOr(locale: UiLocale, key: string): string | undefined {
  return hasMessage(key) ? translate(locale, key) : registeredMessage(locale, key);
}

/**
 * A step's label or summary in the UI language: the workflow's `<workflow>.<kind>.<key>` filled with
 * the event's params, else the engine's plain text. `stepLabel` / `stepSummary` apply it to a timeline step.
 */
export function stepText(locale: UiLocale, workflow: string | null | undefined, kind: "step" | "summary" | "scanSummary", text: StepText | undefined, fallback: string): string {
  if (!text) return fallback;
  const lines = [text, ...(text.notes ?? [])].map((line) => filledLine(locale, `${workflow ?? ""}.${kind}.${line.key}`, line.params));
  // One unknown key (an older engine, a newer one) shows the engine's plain text rather than half a line.
  return lines.every((line) => line !== undefined) ? lines.join("") : fallback;
}

function filledLine(locale: UiLocale, key: string, given: StepText["params"]): string | undefined {
  const template = messageOr(locale, key);
  if (template === undefined) return undefined;
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(given ?? {})) {
    if (typeof value === "object") params[name] = locale === "en" ? value.en : value.zh;
    else params[name] = typeof value === "string" && value.startsWith("@") ? (messageOr(locale, value.slice(1)) ?? value.slice(value.lastIndexOf(".") + 1)) : value;
  }
  return fill(template, params);
}

/** A step's label: its `labelText`, else the message named after its id (`<workflow>.step.<step>`), else the engine's label. */
export function stepLabel(locale: UiLocale, workflow: string | null | undefined, step: { step: string; label: string; labelText?: StepText }): string {
  return stepText(locale, workflow, "step", step.labelText ?? { key: step.step }, step.label);
}

/** A finished step's summary in the UI language (null while it runs). */
export function stepSummary(locale: UiLocale, workflow: string | null | undefined, step: { summary: string | null; summaryText?: StepText }): string | null {
  return step.summary === null ? null : stepText(locale, workflow, "summary", step.summaryText, step.summary);
}

/** A session status in words: the workflow's registered `<workflow>.status.<status>` (the paper's 等待提问), else the shared `status.<status>`. */
export function statusLabel(locale: UiLocale, workflow: string | null | undefined, status: string): string {
  return translateOr(locale, `${workflow ?? ""}.status.${status}`, translateOr(locale, `status.${status}`, status));
}

/** An action's label: the workflow's registered `<workflow>.action.<name>`, else the raw name. */
export function actionLabel(locale: UiLocale, workflow: string | null | undefined, action: string): string {
  return translateOr(locale, `${workflow ?? ""}.action.${action}`, action);
}
