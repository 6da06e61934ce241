import type { Material } from "../../../../shared/knowledge.js";
import { wordCount } from "../../../../shared/text/countText.js";
import { hanShare } from "../../llm/textQuality.js";
import { splitSentences } from "../common/claimText.js";
import type { Locale } from "./prompts.js";

/** True when a text is written in the article's language (a Chinese article cites Chinese sentences only, and back). */
export function inLocale(text: string, locale: Locale): boolean {
  const han = hanShare(text);
  return locale === "zh" ? han >= 0.5 : han < 0.2;
}

/**
 * A material's sentence with its citation where the writer's prompt puts it: before the closing
 * punctuation ("…要求 [m001]。", "… requirements [m001].").
 */
export function citeSentence(sentence: string, id: string): string {
  const trimmed = sentence.trim();
  const end = /[。！？.!?]+$/u.exec(trimmed);
  return end ? `${trimmed.slice(0, end.index).trimEnd()} [${id}]${end[0]}` : `${trimmed} [${id}]`;
}

/**
 * A section made of its materials' own sentences, each cited, in material order, up to about
 * `length` words (characters in Chinese): what a section keeps when the model's text failed its
 * check twice. Null when no material is in the article's language (a Chinese section is not
 * filled with English quotes) or none has a sentence.
 */
export function materialSection(materials: readonly Pick<Material, "id" | "content">[], locale: Locale, length: number): string | null {
  const sentences: string[] = [];
  const seen = new Set<string>();
  let words = 0;
  for (const material of materials) {
    if (!inLocale(material.content, locale)) continue;
    for (const sentence of splitSentences(material.content)) {
      if (words >= length && sentences.length) break;
      // A material that repeats itself (or two that share a sentence) is quoted once.
      if (seen.has(sentence)) continue;
      seen.add(sentence);
      sentences.push(citeSentence(sentence, material.id));
      words += wordCount(sentence);
    }
  }
  return sentences.length ? sentences.join(locale === "zh" ? "" : " ") : null;
}
