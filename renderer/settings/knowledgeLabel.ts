import { hasMessage, type MessageKey } from "../i18n/translate.js";

/**
 * A source kind's or collection's name in the UI language (`knowledge.kind.pdf` → "PDF",
 * `knowledge.collection.library` → "知识库"); one this UI does not know (a newer engine's) as it is.
 */
export function knowledgeLabel(t: (key: MessageKey) => string, group: "kind" | "collection", id: string): string {
  const key = `knowledge.${group}.${id}`;
  return hasMessage(key) ? t(key) : id;
}
