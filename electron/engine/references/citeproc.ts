/// <reference path="./citation-js.d.ts" />
import fs from "node:fs";
import path from "node:path";
import { Cite, plugins } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import "@citation-js/plugin-csl";
import { defaultAppRoot } from "../defaultAppRoot.js";

export { Cite };
export type { CslItem, CslName } from "@citation-js/core";

/** Where the style files live: in the repo and, packaged, in the app folder (build/electron-builder.config.cjs). */
export const STYLES_DIR = path.join(defaultAppRoot(), "electron", "engine", "references", "styles");

let registered = false;

/**
 * citation.js with BibTeX, RIS and CSL loaded and the project's own GB/T 7714-2015 style and
 * zh-CN locale registered, BibTeX written in UTF-8 (citation.js ships apa / vancouver / harvard1 and five European
 * locales only). Registration is global to citation.js, so it happens once.
 */
export function citeproc(): { Cite: typeof Cite } {
  if (!registered) {
    const csl = plugins.config.get("@csl");
    csl.styles.add("gb-t-7714", fs.readFileSync(path.join(STYLES_DIR, "gb-t-7714-2015-numeric.csl"), "utf8"));
    csl.styles.add("gb-t-7714-author-date", fs.readFileSync(path.join(STYLES_DIR, "gb-t-7714-2015-author-date.csl"), "utf8"));
    csl.locales.add("zh-CN", fs.readFileSync(path.join(STYLES_DIR, "locale-zh-CN.xml"), "utf8"));
    // BibTeX out in UTF-8: the ASCII-only default drops every Chinese title and name.
    plugins.config.get("@bibtex").format.asciiOnly = false;
    registered = true;
  }
  return { Cite };
}
