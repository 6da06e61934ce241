import { defineMessages } from "../../i18n/defineMessages.js";

/** The chat screen's strings. */
export const chatMessages = defineMessages(
  {
    "chat.nav": "对话",
    "chat.prompt": "输入问题",
    "chat.placeholder": "问点什么…",
    "chat.send": "发送",
    "chat.stop": "停止",
    "chat.empty": "在下面输入问题，回答会逐字出现。",
    "chat.you": "你",
    "chat.assistant": "助手",
    "chat.new": "新建对话",
    "chat.step.reply": "回复",
    "chat.summary.reply": "{n} 个 token",
    "chat.summary.done": "{n} 个字符",
    "chat.thoughts": "思考过程",
  },
  {
    "chat.nav": "Chat",
    "chat.prompt": "Your question",
    "chat.placeholder": "Ask something…",
    "chat.send": "Send",
    "chat.stop": "Stop",
    "chat.empty": "Type a question below; the answer streams in.",
    "chat.you": "You",
    "chat.assistant": "Assistant",
    "chat.new": "New chat",
    "chat.step.reply": "Reply",
    "chat.summary.reply": "{n} tokens",
    "chat.summary.done": "{n} characters",
    "chat.thoughts": "Thinking",
  },
);
