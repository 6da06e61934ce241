import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  InsertedTextRun,
  Packer,
  Paragraph,
  TextRun,
  type ICommentOptions,
  type ParagraphChild,
} from "docx";
import { trackedChangeList, type ChangeList, type TrackedReplacement } from "./trackedChangeList.js";

export const REVISION_AUTHOR = "Scriptorium";
const FONT = { ascii: "Calibri", eastAsia: "Microsoft YaHei", hAnsi: "Calibri" };

export interface TrackedDocxOptions {
  title: string;
  /** Time stamped on every revision and comment; default now. */
  date?: Date;
  /** Comment language: `zh` writes 规则 / 原因. Default `zh` when the text is mostly Chinese. */
  locale?: "zh" | "en";
}

/**
 * A Word document in which every difference between `original` and `revised` is a tracked
 * revision (`w:ins` / `w:del`, author Scriptorium) and every change a kept replacement explains
 * carries a comment with its rule id and reason. One markdown line is one paragraph and its text is
 * kept verbatim, so Word's "accept all" gives `revised` and "reject all" gives `original`, byte for
 * byte in text (paragraphs joined by newlines). A line that appears or disappears is an inserted or
 * deleted paragraph mark, which is how Word and WPS record a split or joined paragraph.
 */
export async function trackedChangesDocx(original: string, revised: string, replacements: readonly TrackedReplacement[], options: TrackedDocxOptions): Promise<Buffer> {
  const list = trackedChangeList(original, revised, replacements);
  const locale = options.locale ?? (/[\u4e00-\u9fff]/.test(revised + original) ? "zh" : "en");
  return trackedDocxOf(list, { ...options, locale });
}

/** The same from a change list already made (the review's per-change choices are applied before). */
export async function trackedDocxOf(list: ChangeList, options: TrackedDocxOptions): Promise<Buffer> {
  const date = (options.date ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
  const zh = options.locale !== "en";
  const comments: ICommentOptions[] = [];
  // Consecutive changes explained by the same replacement share one comment (a replaced sentence
  // diffs into several word-level changes; the reader wants one note per replacement).
  const commentOf = new Map<number, { id: number; first: boolean; last: boolean }>();
  let previous: { replacement: TrackedReplacement; id: number; lastChange: number } | null = null;
  for (const change of list.changes) {
    if (!change.replacement) {
      previous = null;
      continue;
    }
    if (previous && previous.replacement === change.replacement) {
      commentOf.get(previous.lastChange)!.last = false;
      commentOf.set(change.index, { id: previous.id, first: false, last: true });
      previous.lastChange = change.index;
      continue;
    }
    const id = comments.length;
    const r: TrackedReplacement = change.replacement;
    const text = zh ? `规则 ${r.group}：${r.reason}` : `Rule ${r.group}: ${r.reason}`;
    comments.push({ id, author: REVISION_AUTHOR, initials: "SC", date: new Date(date), children: [new Paragraph({ children: [new TextRun(text)] })] });
    commentOf.set(change.index, { id, first: true, last: true });
    previous = { replacement: r, id, lastChange: change.index };
  }

  let revisionId = 1;
  const paragraphs: Paragraph[] = [];
  let children: ParagraphChild[] = [];
  const endParagraph = (mark: "same" | "deleted" | "inserted") => {
    const revision = { id: revisionId++, author: REVISION_AUTHOR, date };
    paragraphs.push(
      new Paragraph({
        children,
        ...(mark === "deleted" ? { run: { deletion: revision } } : mark === "inserted" ? { run: { insertion: revision } } : {}),
      }),
    );
    children = [];
  };
  const run = (kind: "same" | "deleted" | "inserted", text: string) => {
    if (!text) return;
    if (kind === "same") children.push(new TextRun({ text }));
    else if (kind === "inserted") children.push(new InsertedTextRun({ text, id: revisionId++, author: REVISION_AUTHOR, date }));
    else children.push(new DeletedTextRun({ text, id: revisionId++, author: REVISION_AUTHOR, date }));
  };

  list.segments.forEach((segment, i) => {
    const change = segment.change;
    const comment = change === undefined ? undefined : commentOf.get(change);
    const firstOfChange = change !== undefined && list.segments[i - 1]?.change !== change;
    const lastOfChange = change !== undefined && list.segments[i + 1]?.change !== change;
    if (comment?.first && firstOfChange) children.push(new CommentRangeStart(comment.id));
    const pieces = segment.text.split("\n");
    pieces.forEach((piece, p) => {
      if (p > 0) endParagraph(segment.kind);
      run(segment.kind, piece);
    });
    if (comment?.last && lastOfChange) {
      children.push(new CommentRangeEnd(comment.id));
      children.push(new TextRun({ children: [new CommentReference(comment.id)] }));
    }
  });
  endParagraph("same");

  const document = new Document({
    title: options.title,
    creator: REVISION_AUTHOR,
    styles: { default: { document: { run: { font: FONT, size: 22 } } } },
    comments: { children: comments },
    sections: [{ children: paragraphs }],
  });
  return Packer.toBuffer(document);
}
