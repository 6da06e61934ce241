import JSZip from "jszip";
import { DOMParser } from "@xmldom/xmldom";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { checkZipBudget } from "../../../io/checkZipBudget.js";

/** The parts of a zip-packaged document (OOXML, ODF, EPUB), read as text or parsed XML. */
export interface ZipParts {
  names: string[];
  text(name: string): Promise<string | null>;
  xml(name: string): Promise<Document | null>;
}

/**
 * Opens a zip-packaged document: a zip bomb is refused before anything is inflated, and a file that
 * is not a zip (or lacks `required`) is a `bad_request` naming the file and the format expected.
 */
export async function openZip(data: Buffer, name: string, format: string, required: string): Promise<ZipParts> {
  checkZipBudget(data, name);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch (error) {
    throw unreadable(name, format, error instanceof Error ? error.message : String(error));
  }
  if (!zip.file(required)) throw unreadable(name, format, `${required} is missing`);
  const text = async (part: string) => (await zip.file(part.replace(/^\//, ""))?.async("string")) ?? null;
  return {
    names: Object.keys(zip.files),
    text,
    async xml(part) {
      const source = await text(part);
      if (source === null) return null;
      try {
        return new DOMParser({ errorHandler: { warning: () => undefined, error: () => undefined } }).parseFromString(source, "application/xml") as unknown as Document;
      } catch (error) {
        throw unreadable(name, format, `${part}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

export function unreadable(name: string, format: string, why: string): ScriptoriumError {
  return new ScriptoriumError("bad_request", `${name}: not a readable ${format} file (${why.slice(0, 200)}).`, { file: name, reason: "unreadable" });
}
