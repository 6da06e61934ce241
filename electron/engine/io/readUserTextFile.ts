import fs from "node:fs";
import { ScriptoriumError } from "../../../shared/errors.js";

/**
 * A text file the user pointed at (a style guide to import, a document to review), checked before
 * it is opened: reading a FIFO would block forever and /dev/zero would fill memory, so only a
 * regular file within `maxBytes` is read. Errors name the file: `not_found` when there is none,
 * `bad_request` for a folder, device or pipe, a file over the cap, or one that cannot be read.
 */
export function readUserTextFile(file: string, options: { maxBytes: number; what: string }): string {
  const { maxBytes, what } = options;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new ScriptoriumError("not_found", `${what} ${file}: no such file.`, { path: file });
  }
  if (!stat.isFile()) throw new ScriptoriumError("bad_request", `${what} ${file} is not a regular file (a folder, device or pipe cannot be read).`, { path: file });
  if (stat.size > maxBytes) throw new ScriptoriumError("bad_request", `${what} ${file} has ${stat.size} bytes; the limit is ${maxBytes}.`, { path: file, bytes: stat.size });
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new ScriptoriumError("bad_request", `${what} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`, { path: file });
  }
}
