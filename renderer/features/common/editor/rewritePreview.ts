import { StateEffect, StateField, type EditorState } from "@codemirror/state";
import { Decoration, EditorView, WidgetType, type DecorationSet } from "@codemirror/view";

/** A proposed replacement of a range, streamed in by the local model and shown as an inline diff. */
export interface RewriteProposal {
  from: number;
  to: number;
  /** The text the range held when the rewrite started; accepting checks it is still there. */
  original: string;
  replacement: string;
  status: "streaming" | "ready" | "error";
}

export const setRewrite = StateEffect.define<RewriteProposal | null>();

class InsertionWidget extends WidgetType {
  constructor(readonly text: string, readonly streaming: boolean) {
    super();
  }
  override eq(other: InsertionWidget) {
    return other.text === this.text && other.streaming === this.streaming;
  }
  toDOM() {
    const span = document.createElement("span");
    span.className = `cm-rewrite-ins${this.streaming ? " cm-rewrite-ins--streaming" : ""}`;
    span.setAttribute("data-testid", "rewrite-insertion");
    span.textContent = this.text;
    return span;
  }
  override ignoreEvent() {
    return true;
  }
}

/** The open proposal, mapped through edits made around it. */
export const rewriteField = StateField.define<RewriteProposal | null>({
  create: () => null,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setRewrite)) return e.value;
    if (!value || !tr.docChanged) return value;
    return { ...value, from: tr.changes.mapPos(value.from, 1), to: tr.changes.mapPos(value.to, -1) };
  },
  provide: (field) =>
    EditorView.decorations.from(field, (value): DecorationSet => {
      if (!value) return Decoration.none;
      const ranges = [];
      if (value.to > value.from) ranges.push(Decoration.mark({ class: "cm-rewrite-del", attributes: { "data-testid": "rewrite-deletion" } }).range(value.from, value.to));
      ranges.push(Decoration.widget({ widget: new InsertionWidget(value.replacement, value.status === "streaming"), side: 1 }).range(value.to));
      return Decoration.set(ranges, true);
    }),
});

/** True when the range still holds the text the rewrite was asked for (never replace anything else). */
export function proposalStillMatches(state: EditorState, proposal: RewriteProposal): boolean {
  return state.sliceDoc(proposal.from, proposal.to) === proposal.original;
}
