/** The two languages every prompt is written in. */
export type Locale = "zh" | "en";

/** What one LLM call is given. */
export interface Prompt {
  system: string;
  prompt: string;
}

/** The names between braces in a template string: `"主题：{topic}"` → `"topic"`; a JSON example's braces are not names. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? (Name extends `${string}${'"' | ":" | " " | "{"}${string}` ? never : Name) | Placeholders<Rest> : never;
type TemplateText = { system: string; prompt: string };
/** Every placeholder of a template, in either locale. */
export type PromptValues<T extends PromptTemplate> = Record<Placeholders<T["zh"]["prompt"] | T["zh"]["system"] | T["en"]["prompt"] | T["en"]["system"]>, string | number>;

/**
 * A named prompt: a system text and a prompt with `{name}` placeholders, in Chinese and English.
 * Filled with `renderPrompt`, which refuses a missing value, so a template and its call site
 * cannot drift apart silently.
 */
export interface PromptTemplate {
  zh: TemplateText;
  en: TemplateText;
}

/** Identity with the literal strings kept, so `renderPrompt` knows each template's placeholders. */
export function definePrompt<const T extends PromptTemplate>(template: T): T {
  return template;
}

/** The template in `locale` with every `{name}` replaced by its value; a placeholder without a value throws. */
export function renderPrompt<T extends PromptTemplate>(template: T, locale: Locale, values: PromptValues<T>): Prompt {
  const fill = (text: string) =>
    text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
      const value = (values as Record<string, string | number | undefined>)[name];
      if (value === undefined) throw new Error(`prompt placeholder {${name}} has no value`);
      return String(value);
    });
  const text = template[locale];
  return { system: fill(text.system), prompt: fill(text.prompt) };
}
