import { contextBridge, ipcRenderer, webUtils } from "electron";
import { createBridge } from "./createBridge.js";
import { chooseFolderBridge } from "./folderChooserBridge.js";

// The page gets exactly `window.scriptorium = { call, subscribe }`; never ipcRenderer itself.
contextBridge.exposeInMainWorld("scriptorium", createBridge(ipcRenderer));

// Drag and drop: the path of a dropped file (File.path is gone since Electron 32); the folder dialog's
// chosen path (docgen's source folder). Nothing else of the file system.
contextBridge.exposeInMainWorld("scriptoriumFiles", { pathForFile: (file: File): string => webUtils.getPathForFile(file), chooseFolder: chooseFolderBridge(ipcRenderer) });
