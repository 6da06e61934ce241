import type { FeatureEntry } from "../FeatureEntry.js";
import { DocgenScreen } from "./DocgenScreen.js";
import { docgenMessages } from "./messages.js";
import { docgenReducer } from "./docgenView.js";

/** 文档生成: its screen, strings and session view, listed once in `features/registry.ts`. */
export const docgenFeature: FeatureEntry = {
  screen: "docgen",
  workflows: ["docgen"],
  nav: { label: "docgen.nav", icon: "❏" },
  newLabel: "docgen.newDocument",
  component: DocgenScreen,
  messages: docgenMessages,
  view: docgenReducer,
};
