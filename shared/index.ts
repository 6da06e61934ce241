export * from "./errors.js";
export * from "./knowledge.js";
export * from "./article.js";
export * from "./events.js";
export * from "./models.js";
export * from "./providers.js";
export * from "./api.js";
