// Transitional re-export until LlmService imports io/validateGguf.ts directly (F commits that line); then delete.
export { validateGgufFile } from "../io/validateGguf.js";
