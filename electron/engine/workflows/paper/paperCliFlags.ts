import type { CliContext } from "../../../../shared/cli/CliContext.js";
import { defineFlags } from "../../../../shared/cli/CliContext.js";

/** Flags of the `paper` command group besides the global ones. */
export const PAPER_FLAGS = defineFlags({
  intent: "string",
  selected: "string",
  claims: "string",
  judge: "string",
  locale: "string",
  out: "string",
  format: "string",
  style: "string",
  collection: "string",
  url: "string",
  template: "string",
});

export type PaperCliContext = CliContext<typeof PAPER_FLAGS>;
