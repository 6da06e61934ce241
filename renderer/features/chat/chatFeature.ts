import type { FeatureEntry } from "../FeatureEntry.js";
import { ChatScreen } from "./ChatScreen.js";
import { chatMessages } from "./messages.js";

/** The chat screen: the reply is the core view's streamed `token` text, so no reducer of its own. */
export const chatFeature: FeatureEntry = {
  screen: "chat",
  workflows: ["chat"],
  nav: { label: "chat.nav", icon: "✉" },
  newLabel: "chat.new",
  component: ChatScreen,
  messages: chatMessages,
};
