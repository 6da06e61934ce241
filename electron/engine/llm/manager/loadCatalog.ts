import { CatalogSchema, type CatalogEntry } from "../../../../shared/models.js";
import { ScriptoriumError } from "../../../../shared/errors.js";
import { readJsonFile } from "../../io/readJsonFile.js";

/** Read and validate `models/catalog.json`; a broken catalog is a packaging bug, reported as `internal`. */
export async function loadCatalog(catalogPath: string): Promise<CatalogEntry[]> {
  try {
    return (await readJsonFile(catalogPath, CatalogSchema)).models;
  } catch (error) {
    throw new ScriptoriumError("internal", `Model catalog ${(error as Error).message}`);
  }
}
