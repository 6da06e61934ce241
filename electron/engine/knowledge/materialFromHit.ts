import type { Material } from "../../../shared/knowledge.js";
import type { ChunkHit } from "./IndexedChunk.js";

const PREFIX = /^【(?:所属章节|文件)：[^】]*】\n?/;

/**
 * A search hit as research material: the heading prefix is dropped from the content (the source
 * line says where it is from) and the content is cut to the contract's 500 characters.
 */
export function materialFromHit(hit: ChunkHit, sourceType: string): Material {
  const file = typeof hit.meta.file === "string" ? hit.meta.file : hit.sourceId;
  const where =
    hit.page !== null
      ? `第${hit.page}页`
      : hit.headingPath && hit.headingPath !== hit.meta.displayPath
        ? hit.headingPath
        : hit.lineStart !== null
          ? `第${hit.lineStart}-${hit.lineEnd ?? hit.lineStart}行`
          : "";
  const content = hit.text.replace(PREFIX, "").trim();
  const title = hit.headingPath ? `${file} · ${hit.headingPath.split(" > ").at(-1)}` : file;
  return {
    id: hit.id.slice(0, 64),
    title: title.slice(0, 300),
    content: content.length > 500 ? `${content.slice(0, 499)}…` : content,
    source: (where ? `${file} · ${where}` : file).slice(0, 300),
    published_at: null,
    relevance_score: Math.min(1, Math.max(0, hit.score)),
    source_type: sourceType,
    url: null,
    recUuid: hit.id.slice(0, 200),
  };
}
