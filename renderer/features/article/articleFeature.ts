import type { FeatureEntry } from "../FeatureEntry.js";
import { StudioScreen } from "./StudioScreen.js";
import { articleMessages } from "./messages.js";
import { articleReducer } from "./articleView.js";
import { ArticleReviewSettings } from "./ArticleReviewSettings.js";

/** The article studio: its screen, strings and session view, listed once in `features/registry.ts`. */
export const articleFeature: FeatureEntry = {
  screen: "studio",
  workflows: ["article"],
  nav: { label: "article.nav", icon: "✎" },
  newLabel: "article.new",
  component: StudioScreen,
  messages: articleMessages,
  settings: ArticleReviewSettings,
  view: articleReducer,
};
