import type { MenuItemConstructorOptions } from "electron";

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** Dev builds get the developer tools entry. */
  isDev: boolean;
  /** Opens the About panel (Help → About). */
  onAbout(): void;
  /** Opens the project's local help (the README shipped with the app); absent hides the entry. */
  onHelp?: () => void;
}

/**
 * The application menu: the standard Edit / View / Window / Help roles, so copy, paste, undo,
 * select-all, zoom and full screen work everywhere with their usual shortcuts (and macOS gets its
 * app menu). Pure: returns the template, main.ts builds it.
 */
export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === "darwin";
  const menu: MenuItemConstructorOptions[] = [];
  if (mac) menu.push({ role: "appMenu" });
  menu.push(mac ? { role: "fileMenu" } : { label: "文件 File", submenu: [{ role: "quit", label: "退出 Quit" }] });
  menu.push({
    role: "editMenu",
    submenu: [
      { role: "undo", label: "撤销 Undo" },
      { role: "redo", label: "重做 Redo" },
      { type: "separator" },
      { role: "cut", label: "剪切 Cut" },
      { role: "copy", label: "复制 Copy" },
      { role: "paste", label: "粘贴 Paste" },
      { role: "pasteAndMatchStyle", label: "粘贴为纯文本 Paste as Plain Text" },
      { role: "delete", label: "删除 Delete" },
      { role: "selectAll", label: "全选 Select All" },
    ],
  });
  menu.push({
    role: "viewMenu",
    submenu: [
      ...(options.isDev ? ([{ role: "reload" }, { role: "toggleDevTools" }, { type: "separator" }] as MenuItemConstructorOptions[]) : []),
      { role: "resetZoom", label: "实际大小 Actual Size" },
      { role: "zoomIn", label: "放大 Zoom In" },
      { role: "zoomOut", label: "缩小 Zoom Out" },
      { type: "separator" },
      { role: "togglefullscreen", label: "全屏 Full Screen" },
    ],
  });
  menu.push({ role: "windowMenu" });
  menu.push({
    role: "help",
    submenu: [
      ...(options.onHelp ? [{ label: "使用说明 Help", click: options.onHelp }] : []),
      { label: "关于 Scriptorium About", click: options.onAbout },
    ],
  });
  return menu;
}
