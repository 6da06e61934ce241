// citation.js ships no type declarations; these cover the part Scriptorium uses.
declare module "@citation-js/core" {
  export interface CslName {
    family?: string;
    given?: string;
    literal?: string;
  }
  export interface CslDate {
    "date-parts"?: Array<Array<number | string>>;
    raw?: string;
    literal?: string;
  }
  /** A CSL-JSON item (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html). */
  export interface CslItem {
    id: string;
    type: string;
    "citation-key"?: string;
    title?: string;
    author?: CslName[];
    editor?: CslName[];
    issued?: CslDate;
    accessed?: CslDate;
    language?: string;
    [field: string]: unknown;
  }
  export class Cite {
    constructor(data?: unknown, options?: { forceType?: string });
    static async(data: unknown, options?: { forceType?: string }): Promise<Cite>;
    data: CslItem[];
    format(format: "bibliography" | "citation", options?: { format?: "text" | "html"; template?: string; lang?: string; entry?: string | string[] }): string;
    format(format: "bibtex" | "biblatex" | "ris" | "data", options?: { format?: "text" | "object"; type?: string }): string;
  }
  interface Register {
    add(name: string, value: string): void;
    has(name: string): boolean;
  }
  export const plugins: {
    config: { get(name: "@csl"): { styles: Register; locales: Register }; get(name: "@bibtex"): { format: { asciiOnly: boolean } } };
    input: { chain(data: unknown, options: { target: string }): unknown };
  };
}
declare module "@citation-js/plugin-bibtex";
declare module "@citation-js/plugin-ris";
declare module "@citation-js/plugin-csl";
