import { echoCanaries, isEcho } from "../common/echoGuard.js";
import type { DocOutline } from "./schemas.js";
import { docOutlineSchema } from "./schemas.js";

/** The prompt's example outline (read-only: it is the prompt's constant). */
export interface OutlineExample {
  readonly title: string;
  readonly sections: ReadonlyArray<{ readonly title: string; readonly scope: string }>;
}

/** An outline with what the model copied from its prompt taken out, and how much that was. */
export interface OutlineEchoCut {
  outline: DocOutline;
  /** The title and sections' fields that were the example's or a schema description. */
  echoes: number;
  /** Every section was copied: nothing of the outline is the model's own plan for this document. */
  copied: boolean;
}

/**
 * The model's outline without its prompt's example and schema descriptions. Gemma 3 270M answered
 * a Redis deployment topic with the example itself (demo-cli 技术文档 / 概述 / 安装与配置 / 命令参考,
 * each scope verbatim). The example's section titles alone are ordinary headings (概述 is a fine
 * first section), so a section is the example's when its scope is copied too; a title of the
 * model's own with a copied scope keeps its place without the scope, and a title that is the
 * example's document title or a schema description is dropped. A copied document title becomes ""
 * (the topic then names the document). Anything found in the topic or source is never an echo.
 */
export function withoutOutlineEcho(outline: DocOutline, example: OutlineExample, grounding: string): OutlineEchoCut {
  const canaries = echoCanaries({ example: [example.title, ...example.sections.map((s) => s.scope)], schema: docOutlineSchema() });
  const echo = (text: string) => text.trim() !== "" && isEcho(text, canaries, grounding);
  let echoes = 0;
  const title = echo(outline.title) ? (echoes++, "") : outline.title;
  const sections: DocOutline["sections"] = [];
  for (const section of outline.sections) {
    if (echo(section.title)) echoes++;
    else if (!echo(section.scope)) sections.push(section);
    else {
      echoes++;
      // The example's own section with its scope is copied whole; a title of the model's own keeps its place, without the scope.
      if (!example.sections.some((e) => e.title === section.title.trim())) sections.push({ ...section, scope: "" });
    }
  }
  return { outline: { title, sections }, echoes, copied: outline.sections.length > 0 && sections.length === 0 };
}
