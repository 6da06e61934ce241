/** Moved: the article's contract is `shared/workflows/article.ts`, versions are `shared/documents.ts`. Kept so existing imports still resolve. */
export * from "./workflows/article.js";
export * from "./documents.js";
