import { uploadFile } from "../../transport/uploadFile.js";

/** The desktop preload's `window.scriptoriumFiles.pathForFile` (Electron's webUtils), absent in browser mode. */
type PathForFile = (file: File) => string;

/**
 * A path the engine can read for a file the user picked: in the desktop app the file's own path
 * (the picker is the system dialog), in browser mode the path the server stored its upload under.
 */
export async function pathForChosenFile(file: File, w: unknown = typeof window === "undefined" ? undefined : window, upload: typeof uploadFile = uploadFile): Promise<string> {
  const bridge = (w as { scriptoriumFiles?: { pathForFile?: unknown } } | undefined)?.scriptoriumFiles;
  const local = typeof bridge?.pathForFile === "function" ? (bridge.pathForFile as PathForFile)(file) : "";
  return local || (await upload(file)).path;
}
