import { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } from "apache-arrow";
import { JsonObjectSchema, parseJson } from "../../../shared/parseJson.js";

/** One chunk as the LanceDB index holds it (app.db holds the same text and metadata). */
export interface IndexedChunk {
  id: string;
  sourceId: string;
  /** The text that is embedded and full-text indexed, heading prefix included. */
  text: string;
  /** e.g. `Module > Section`; empty when the source has no headings. */
  headingPath: string;
  /** Free-form metadata: file name, path, kind … */
  meta: Record<string, unknown>;
  /** 1-based PDF page, or null. */
  page: number | null;
  /** 1-based inclusive line range in the source (code, text), or null. */
  lineStart: number | null;
  lineEnd: number | null;
  /** `zh`, `en`, or a programming language for code. */
  lang: string;
  vector: Float32Array;
}

/** A search result: the chunk without its vector, with a 0..1 score (higher is better). */
export type ChunkHit = Omit<IndexedChunk, "vector"> & { score: number };

export const MODEL_ID_KEY = "scriptorium.model_id";
export const DIMS_KEY = "scriptorium.dims";

/** Explicit Arrow schema: inference would make numbers Float64 and lose nullability. */
export function indexedChunkSchema(dims: number, modelId: string): Schema {
  return new Schema(
    [
      new Field("id", new Utf8(), false),
      new Field("source_id", new Utf8(), false),
      new Field("text", new Utf8(), false),
      new Field("heading_path", new Utf8(), false),
      new Field("meta", new Utf8(), false),
      new Field("page", new Int32(), true),
      new Field("line_start", new Int32(), true),
      new Field("line_end", new Int32(), true),
      new Field("lang", new Utf8(), false),
      new Field("vector", new FixedSizeList(dims, new Field("item", new Float32(), true)), false),
    ],
    new Map([
      [MODEL_ID_KEY, modelId],
      [DIMS_KEY, String(dims)],
    ]),
  );
}

/** Columns read back by searches (never the vector). */
export const HIT_COLUMNS = ["id", "source_id", "text", "heading_path", "meta", "page", "line_start", "line_end", "lang"];

export function toRow(chunk: IndexedChunk): Record<string, unknown> {
  return {
    id: chunk.id,
    source_id: chunk.sourceId,
    text: chunk.text,
    heading_path: chunk.headingPath,
    meta: JSON.stringify(chunk.meta),
    page: chunk.page,
    line_start: chunk.lineStart,
    line_end: chunk.lineEnd,
    lang: chunk.lang,
    vector: Array.from(chunk.vector),
  };
}

export function fromRow(row: Record<string, unknown>, score: number): ChunkHit {
  let meta: Record<string, unknown> = {};
  try {
    meta = parseJson(JsonObjectSchema, String(row.meta ?? "{}"), "a chunk's meta");
  } catch {
    // A damaged meta string must not hide the hit itself.
  }
  const int = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
  return {
    id: String(row.id),
    sourceId: String(row.source_id),
    text: String(row.text),
    headingPath: String(row.heading_path ?? ""),
    meta,
    page: int(row.page),
    lineStart: int(row.line_start),
    lineEnd: int(row.line_end),
    lang: String(row.lang ?? ""),
    score,
  };
}
