import { defineMessages } from "../i18n/defineMessages.js";

/** Session list strings: search and rename. */
export const sessionMessages = defineMessages(
  {
    "sessions.search": "搜索会话",
    "sessions.rename": "重命名",
    "sessions.renameTo": "新标题",
    "sessions.noMatch": "没有标题包含“{q}”的会话",
    "sessions.showAll": "还有 {n} 个其他类型的会话，显示全部",
    "sessions.onlyThis": "只显示本页的会话",
  },
  {
    "sessions.search": "Search sessions",
    "sessions.rename": "Rename",
    "sessions.renameTo": "New title",
    "sessions.noMatch": "No session title contains “{q}”",
    "sessions.showAll": "Show all sessions ({n} of other kinds)",
    "sessions.onlyThis": "Show only this screen's sessions",
  },
);
