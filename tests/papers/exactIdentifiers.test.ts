import { afterEach, describe, expect, it } from "vitest";
import { exactTerms, exactTermsIn } from "../../electron/engine/knowledge/exactTerms.js";
import { exactTermHits } from "../../electron/engine/knowledge/exactTermHits.js";
import type { Reranker } from "../../electron/engine/knowledge/Reranker.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

/**
 * Identifiers as technical papers print them (user.mime_type, x-scheme-handler/foo, __NOMAGIC__,
 * XMLnamespaces, std::vector) are exact terms: the paper reader finds the chunk that prints one
 * whatever the vectors say. Real SQLite and LanceDB; the paper's other sections repeat the pieces
 * of each name and near names (user.mime, mime_type, x-scheme-handler/bar, __MAGIC__, XMLnamespace), and
 * a reranker ranks every chunk that prints a name last.
 */
const NOISE = Array.from({ length: 160 }, (_, i) =>
  [
    `## Section ${i + 1}: near names in the type database`,
    "",
    `Each user may keep a type for every file. The user.mime attribute, the mime_type column and the user.mime_kind field`,
    `are read by the scheme handler: x-scheme-handler/bar and x-scheme-handler/food name handlers, the __MAGIC__ and`,
    `__NOMAGICAL__ markers tune the magic rules, and XMLnamespace and XMLnamespacesList files keep the line format (${i}).`,
    "",
  ].join("\n"),
);
const TARGETS = [
  "## Extended attributes\n\nA program may store the detected type in the user.mime_type attribute of the file, which wins over guessing.\n",
  "## Handlers of URIs\n\nAn application that opens foo: links lists x-scheme-handler/foo among the types it supports.\n",
  "## Rules without content\n\nA glob line may be followed by __NOMAGIC__, saying that no content rule can decide this type.\n",
  "## Namespace file\n\nEach line of XMLnamespaces holds a namespace URI, a local name and a type, separated by spaces.\n",
];
const PAPER = `# Shared type database\n\n${[...NOISE.slice(0, 80), ...TARGETS, ...NOISE.slice(80)].join("\n")}`;

const kits: PaperKit[] = [];
afterEach(async () => {
  for (const kit of kits.splice(0)) await kit.close();
});

describe("identifiers as exact terms", () => {
  it("takes dotted, slashed, underscored, colon-joined and inner-capital names whole, and leaves prose alone", () => {
    expect(exactTerms("Where is user.mime_type stored, e.g. for x-scheme-handler/foo or text/plain?")).toEqual([
      "user.mime_type",
      "x-scheme-handler/foo",
      "text/plain",
    ]);
    expect(exactTerms("What does __NOMAGIC__ mean, and what is in XMLnamespaces?")).toEqual(["__nomagic__", "nomagic", "xmlnamespaces"]);
    expect(exactTerms("std::vector in v1.2 of ISO-8859-1")).toEqual(["std::vector", "v1.2", "iso-8859-1"]);
    // Prose: abbreviations, two-part compounds, hyphenated phrases and "and/or" are not names.
    expect(exactTerms("a well-known, state-of-the-art and/or end-to-end method, i.e. the U.S. one")).toEqual([]);
    // A number inside a name is that name's; a year range keeps both years.
    expect(exactTerms("from 1990-1995, 83.5 points")).toEqual(["1990", "1995", "83.5"]);
  });

  it("matches a name as written, also when the PDF broke it at a line end after a hyphen", () => {
    expect(exactTermsIn("stored in user.mime_type.", ["user.mime_type"])).toBe(1);
    expect(exactTermsIn("stored in user.mime_types_old", ["user.mime_type"])).toBe(0);
    expect(exactTermsIn("the user mime type", ["user.mime_type"])).toBe(0);
    expect(exactTermsIn("lists x-scheme-\nhandler/foo here", ["x-scheme-handler/foo"])).toBe(1);
    expect(exactTermsIn("the __NOMAGIC__ flag", ["__nomagic__", "nomagic"])).toBe(2);
    const passages = [{ text: "user mime type" }, { text: "user.mime_type and text/plain" }, { text: "text/plain" }];
    expect(exactTermHits(["user.mime_type", "text/plain"], passages, 5).map((p) => p.text)).toEqual(["user.mime_type and text/plain", "text/plain"]);
    expect(exactTermHits([], passages, 5)).toEqual([]);
  });

  it("the paper reader's top hit prints the asked identifier, among sections that repeat its pieces and against the reranker", async () => {
    const printedNames = /user\.mime_type|x-scheme-handler\/foo|__NOMAGIC__|XMLnamespaces\b/;
    const againstNames: Reranker = { rank: async (_q, passages) => passages.map((p) => (printedNames.test(p) ? 0 : 1)) };
    const kit = paperKit({ reranker: againstNames });
    kits.push(kit);
    const { doc_id } = await kit.library.importFile(kit.write("types.md", PAPER));
    const asked: Array<[string, string]> = [
      ["Which attribute is user.mime_type for a file?", "user.mime_type"],
      ["What does x-scheme-handler/foo mean for an application?", "x-scheme-handler/foo"],
      ["What does __NOMAGIC__ mean in the magic file?", "__NOMAGIC__"],
      ["What is the line format of the XMLnamespaces file?", "XMLnamespaces"],
    ];
    for (const [question, printed] of asked) {
      const { hits } = await kit.library.retrieve(question, { docIds: [doc_id], limit: 5 });
      expect(hits[0]?.text, question).toContain(printed);
    }
  });
});
