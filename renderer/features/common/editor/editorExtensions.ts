import { EditorState, Compartment, Prec, type Extension } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, dropCursor, highlightSpecialChars } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { searchKeymap, highlightSelectionMatches, search } from "@codemirror/search";
import { markdownKeymap, markdownLanguage, pasteURLAsLink } from "@codemirror/lang-markdown";
import { syntaxHighlighting, defaultHighlightStyle, HighlightStyle } from "@codemirror/language";
import { lintGutter, lintKeymap } from "@codemirror/lint";
import { tags } from "@lezer/highlight";
import { ZH_PHRASES } from "./editorPhrases.js";
import { cjkHeightEstimate } from "./cjkHeightEstimate.js";

/** Markdown colours from the app's CSS variables, so light and dark follow the OS theme. */
const markdownStyle = HighlightStyle.define([
  { tag: tags.heading, fontWeight: "700", color: "var(--cm-heading)" },
  { tag: tags.heading1, fontSize: "1.25em" },
  { tag: tags.heading2, fontSize: "1.12em" },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.strong, fontWeight: "700" },
  { tag: tags.link, color: "var(--accent)", textDecoration: "underline" },
  { tag: tags.url, color: "var(--muted)" },
  { tag: tags.monospace, fontFamily: "var(--mono)", color: "var(--cm-code)" },
  { tag: tags.quote, color: "var(--muted)", fontStyle: "italic" },
  { tag: tags.list, color: "var(--cm-mark)" },
  { tag: tags.processingInstruction, color: "var(--cm-mark)" },
  { tag: tags.contentSeparator, color: "var(--cm-mark)" },
]);

const theme = EditorView.theme({
  "&": { height: "100%", backgroundColor: "var(--surface)", color: "var(--text)", fontSize: "var(--editor-font-size, 14px)" },
  ".cm-scroller": { fontFamily: "var(--font)", lineHeight: "1.75" },
  ".cm-content": { padding: "16px 0", caretColor: "var(--text)" },
  ".cm-line": { padding: "0 20px 0 8px" },
  ".cm-gutters": { backgroundColor: "var(--surface-2)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine": { backgroundColor: "var(--cm-active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--cm-active-line)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "var(--cm-selection) !important" },
  ".cm-panels": { backgroundColor: "var(--surface-2)", color: "var(--text)" },
  ".cm-panels.cm-panels-top": { borderBottom: "1px solid var(--border)" },
  ".cm-searchMatch": { backgroundColor: "var(--cm-search)", outline: "1px solid var(--warn)" },
  ".cm-tooltip": { backgroundColor: "var(--surface)", color: "var(--text)", border: "1px solid var(--border)" },
  // A finding's tooltip wraps inside the window instead of running past its right edge.
  ".cm-tooltip-lint": { maxWidth: "min(420px, 80vw)", whiteSpace: "normal", overflowWrap: "anywhere" },
});

export interface EditorSetup {
  extensions: Extension[];
  readOnly: Compartment;
  phrases: Compartment;
}

/**
 * Everything an editor state of the document pane carries. The same array is used for every
 * version's state, so switching versions swaps states (each with its own undo history).
 */
export function editorSetup(options: { label: string; locale: "zh-CN" | "en"; onDocChange: Extension; extra: Extension[] }): EditorSetup {
  const readOnly = new Compartment();
  const phrases = new Compartment();
  return {
    readOnly,
    phrases,
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history({ minDepth: 500 }),
      drawSelection(),
      dropCursor(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({ top: true }),
      // The GFM markdown language itself, not `markdown()`: that wraps the parser in a mixed parse for
      // embedded HTML, which walks the whole syntax tree on every keystroke (slow on a long draft) and
      // pulls the HTML, CSS and JavaScript grammars into the editor's chunk.
      markdownLanguage,
      Prec.high(keymap.of(markdownKeymap)),
      pasteURLAsLink,
      syntaxHighlighting(markdownStyle),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      // Soft wrap; CJK lines break between characters and, with line-break: strict, never before ，。 (CSS).
      EditorView.lineWrapping,
      cjkHeightEstimate,
      lintGutter(),
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, ...lintKeymap, indentWithTab]),
      EditorView.contentAttributes.of({ "aria-label": options.label, spellcheck: "false", lang: options.locale === "en" ? "en" : "zh-CN" }),
      theme,
      readOnly.of(EditorState.readOnly.of(false)),
      phrases.of(options.locale === "zh-CN" ? EditorState.phrases.of(ZH_PHRASES) : []),
      options.onDocChange,
      ...options.extra,
    ],
  };
}
