import type { IpcResult } from "./ipcMessages.js";

/**
 * The one IPC channel of the folder dialog (not a contract method: a desktop capability).
 * Kept apart from folderChooser.ts so the preload bundle stays small.
 */
export const IPC_CHOOSE_FOLDER_CHANNEL = "scriptorium:choose-folder";

/** The preload's `window.scriptoriumFiles.chooseFolder`: the chosen folder's path, or null (cancelled or refused). */
export function chooseFolderBridge(ipc: { invoke(channel: string, payload: unknown): Promise<unknown> }) {
  return async (options: { title?: string } = {}): Promise<string | null> => {
    const result = (await ipc.invoke(IPC_CHOOSE_FOLDER_CHANNEL, options)) as IpcResult<{ path: string | null }>;
    return result.ok ? result.value.path : null;
  };
}
