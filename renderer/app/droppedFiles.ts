import { baseName, guessKind, pathsFromUriList, type DroppedFile } from "./dropImport.js";
import { featureDropTargets } from "./featureDropTargets.js";

declare global {
  interface Window {
    /** Electron preload: the path of a dropped file (webUtils.getPathForFile), nothing more. */
    scriptoriumFiles?: { pathForFile(file: File): string };
  }
}

/** Paths of what was dropped: Electron gives each File's path; a browser gives `file://` URIs at best. */
function droppedPaths(data: DataTransfer): string[] {
  const bridge = window.scriptoriumFiles;
  const fromFiles = bridge ? [...data.files].map((f) => bridge.pathForFile(f)).filter(Boolean) : [];
  if (fromFiles.length > 0) return fromFiles;
  return pathsFromUriList(data.getData("text/uri-list"));
}

/**
 * What a drop offers to import, each with the kind guessed from its name. `noPaths` when the drop
 * held neither paths nor files: nothing can be imported then, and the dialog says why.
 */
export function droppedFiles(data: DataTransfer): { files: DroppedFile[]; noPaths: boolean } {
  const paths = droppedPaths(data);
  // Browser mode sees no paths, only the files: they go to the server as uploads on 导入.
  const dropped = [...data.files];
  if (paths.length === 0 && dropped.length > 0) {
    return { files: dropped.map((file) => ({ path: "", name: file.name, kind: guessKind(file.name, featureDropTargets()), file })), noPaths: false };
  }
  if (paths.length === 0) return { files: [], noPaths: true };
  return { files: paths.map((path) => ({ path, name: baseName(path), kind: guessKind(baseName(path), featureDropTargets()) })), noPaths: false };
}
