import type { BrowserWindow, Dialog, IpcMain, IpcMainInvokeEvent, WebContents } from "electron";
import { z } from "zod";
import { ScriptoriumError, toApiError } from "../../shared/errors.js";
import { isAppUrl } from "./appOrigin.js";
import { IPC_CHOOSE_FOLDER_CHANNEL } from "./folderChooserBridge.js";
import type { IpcResult } from "./ipcMessages.js";

export { IPC_CHOOSE_FOLDER_CHANNEL };

const ChooseFolderSchema = z.object({ title: z.string().max(200).optional() }).strict();

/**
 * `dialog.showOpenDialog({properties: ["openDirectory"]})` for the page's "choose folder" button
 * (the doc generator's source folder). Like every handler in main it distrusts the message: the
 * sender frame must be our app origin and the payload is parsed. Answers `{path}` — null when the
 * user cancelled. Returns the function that removes the handler.
 */
export function registerFolderChooser(
  ipcMain: Pick<IpcMain, "handle" | "removeHandler">,
  dialog: Pick<Dialog, "showOpenDialog">,
  options: { devOrigin?: string | null; windowOf: (contents: WebContents) => BrowserWindow | null },
): () => void {
  ipcMain.handle(IPC_CHOOSE_FOLDER_CHANNEL, async (event: IpcMainInvokeEvent, payload: unknown): Promise<IpcResult<{ path: string | null }>> => {
    try {
      const frameUrl = event.senderFrame?.url;
      if (!isAppUrl(frameUrl, options.devOrigin ?? null)) throw new ScriptoriumError("unauthorized", `IPC from a foreign frame refused: ${frameUrl ?? "(no frame)"}`);
      const parsed = ChooseFolderSchema.safeParse(payload ?? {});
      if (!parsed.success) throw new ScriptoriumError("bad_request", `choose folder: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
      const dialogOptions = { properties: ["openDirectory" as const], ...(parsed.data.title ? { title: parsed.data.title } : {}) };
      const win = options.windowOf(event.sender);
      const result = win ? await dialog.showOpenDialog(win, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
      return { ok: true, value: { path: result.canceled ? null : (result.filePaths[0] ?? null) } };
    } catch (error) {
      return { ok: false, error: toApiError(error) };
    }
  });
  return () => ipcMain.removeHandler(IPC_CHOOSE_FOLDER_CHANNEL);
}
