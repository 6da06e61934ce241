import { contextBridge, ipcRenderer } from "electron";
import { createBridge } from "./createBridge.js";

// The page gets exactly `window.scriptorium = { call, subscribe }`; never ipcRenderer itself.
contextBridge.exposeInMainWorld("scriptorium", createBridge(ipcRenderer));
