import { defineMessages } from "../i18n/defineMessages.js";

/** The connection indicator and the page shown when the server no longer accepts this tab's token. */
export const connectionMessages = defineMessages(
  {
    "connection.offline": "已断开",
    "connection.reconnecting": "重新连接中…",
    "connection.offlineHint": "服务器没有响应。服务器恢复后页面会自动接上，已完成的内容都保存在服务器上。",
    "connection.restored": "已恢复",
    "connection.restoredHint": "已重新连上服务器，会话列表已刷新。",
    "connection.lockedTitle": "服务器已重启，请用新链接打开",
    "connection.lockedLead": "服务器不再接受这个标签页的访问令牌：它用另一个令牌重新启动了（或这个页面打开时没有带令牌）。你的会话和稿件都保存在服务器的数据目录里，没有丢失。",
    "connection.lockedWhere": "新链接在启动服务器的终端里，形如：",
    "connection.lockedTokenFile": "不带 --token 启动时，令牌保存在数据目录的 web-token 文件中（默认 ~/.scriptorium/web-token），重启后保持不变；用 --token 启动时就是你给的令牌。",
    "connection.pasteLabel": "粘贴新链接",
    "connection.open": "打开",
    "connection.badLink": "这不是 Scriptorium 的访问链接（应以 http:// 开头并带有 ?token=）。",
  },
  {
    "connection.offline": "Disconnected",
    "connection.reconnecting": "Reconnecting…",
    "connection.offlineHint": "The server is not answering. The page catches up by itself when it is back; everything finished is saved on the server.",
    "connection.restored": "Reconnected",
    "connection.restoredHint": "The server answers again; the session list was refreshed.",
    "connection.lockedTitle": "The server restarted: open it with the new link",
    "connection.lockedLead": "The server no longer accepts this tab's access token: it was restarted with another token (or this page was opened without one). Your sessions and drafts are saved in the server's data directory; nothing is lost.",
    "connection.lockedWhere": "The new link is in the terminal that started the server, like:",
    "connection.lockedTokenFile": "Started without --token, the server keeps its token in the data directory's web-token file (default ~/.scriptorium/web-token), so it stays the same across restarts; with --token it is the token you gave.",
    "connection.pasteLabel": "Paste the new link",
    "connection.open": "Open",
    "connection.badLink": "This is not a Scriptorium link (it starts with http:// and carries ?token=).",
  },
);
