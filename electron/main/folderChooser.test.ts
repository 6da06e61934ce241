import type { Dialog, IpcMain, WebContents } from "electron";
import { describe, expect, it } from "vitest";
import type { IpcResult } from "./ipcMessages.js";
import { IPC_CHOOSE_FOLDER_CHANNEL, registerFolderChooser } from "./folderChooser.js";
import { chooseFolderBridge } from "./folderChooserBridge.js";

type Handler = (event: unknown, payload: unknown) => Promise<IpcResult<{ path: string | null }>>;

function setup(answer: { canceled: boolean; filePaths: string[] }, frameUrl = "app://scriptorium/index.html") {
  const handlers = new Map<string, Handler>();
  const ipcMain = { handle: (c: string, fn: Handler) => handlers.set(c, fn), removeHandler: (c: string) => handlers.delete(c) } as unknown as IpcMain;
  const calls: unknown[][] = [];
  const dialog = { showOpenDialog: async (...args: unknown[]) => (calls.push(args), answer) } as unknown as Dialog;
  const win = { id: 1 };
  const remove = registerFolderChooser(ipcMain, dialog, { windowOf: () => win as never });
  const invoke = (payload: unknown) => handlers.get(IPC_CHOOSE_FOLDER_CHANNEL)!({ sender: {} as WebContents, senderFrame: { url: frameUrl } }, payload);
  return { handlers, calls, win, remove, invoke };
}

describe("folder chooser (main + preload bridge)", () => {
  it("opens a directory dialog on the sender's window and answers the chosen path", async () => {
    const s = setup({ canceled: false, filePaths: ["/home/u/project"] });
    expect(await s.invoke({ title: "选择源文件夹" })).toEqual({ ok: true, value: { path: "/home/u/project" } });
    expect(s.calls).toEqual([[s.win, { properties: ["openDirectory"], title: "选择源文件夹" }]]);
    s.remove();
    expect(s.handlers.size).toBe(0);
  });

  it("a cancelled dialog is null; a foreign frame and a bad payload are refused without a dialog", async () => {
    expect(await setup({ canceled: true, filePaths: [] }).invoke({})).toEqual({ ok: true, value: { path: null } });
    const foreign = setup({ canceled: false, filePaths: ["/x"] }, "https://evil.example/");
    expect(await foreign.invoke({})).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    expect(foreign.calls).toHaveLength(0);
    const bad = setup({ canceled: false, filePaths: ["/x"] });
    expect(await bad.invoke({ properties: ["openFile"] })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(bad.calls).toHaveLength(0);
  });

  it("the bridge resolves to the path, or null when main refused", async () => {
    const s = setup({ canceled: false, filePaths: ["/srv/code"] });
    const choose = chooseFolderBridge({ invoke: (channel, payload) => s.handlers.get(channel)!({ sender: {}, senderFrame: { url: "app://scriptorium/" } }, payload) });
    expect(await choose()).toBe("/srv/code");
    const refused = chooseFolderBridge({ invoke: async () => ({ ok: false, error: { code: "unauthorized", message: "no" } }) });
    expect(await refused()).toBeNull();
  });
});
