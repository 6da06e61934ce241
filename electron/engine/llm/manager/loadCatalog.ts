import { readFile } from "node:fs/promises";
import { CatalogSchema, type CatalogEntry } from "../../../../shared/models.js";
import { ScriptoriumError, formatZodError } from "../../../../shared/errors.js";

/** Read and validate `models/catalog.json`; a broken catalog is a packaging bug, reported as `internal`. */
export async function loadCatalog(catalogPath: string): Promise<CatalogEntry[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(catalogPath, "utf8"));
  } catch (error) {
    throw new ScriptoriumError("internal", `Model catalog ${catalogPath} is unreadable: ${(error as Error).message}`);
  }
  const parsed = CatalogSchema.safeParse(json);
  if (!parsed.success) throw new ScriptoriumError("internal", `Model catalog ${catalogPath} is invalid: ${formatZodError(parsed.error)}`);
  return parsed.data.models;
}
