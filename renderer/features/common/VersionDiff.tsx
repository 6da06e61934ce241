import { diffLines } from "diff";
import { useT } from "../../store/StoreProvider.js";

/** Side-by-side line diff of two drafts: removals on the left, additions on the right. */
export function VersionDiff({ older, newer, olderLabel, newerLabel }: { older: string; newer: string; olderLabel: string; newerLabel: string }) {
  const t = useT();
  const rows: Array<{ left: string | null; right: string | null; kind: "same" | "changed" }> = [];
  const parts = diffLines(older, newer);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const lines = splitLines(part.value);
    if (part.removed) {
      // Pair a removal with the addition right after it, line by line, so edits sit side by side.
      const next = parts[i + 1];
      const added = next?.added ? splitLines(next.value) : [];
      if (next?.added) i++;
      for (let k = 0; k < Math.max(lines.length, added.length); k++) rows.push({ left: lines[k] ?? null, right: added[k] ?? null, kind: "changed" });
    } else if (part.added) {
      for (const line of lines) rows.push({ left: null, right: line, kind: "changed" });
    } else {
      for (const line of lines) rows.push({ left: line, right: line, kind: "same" });
    }
  }
  return (
    <div className="diff" role="table" aria-label={`${olderLabel} ↔ ${newerLabel}`}>
      <div className="diff__head" role="row">
        <span role="columnheader">{t("draft.diffOld")} · {olderLabel}</span>
        <span role="columnheader">{t("draft.diffNew")} · {newerLabel}</span>
      </div>
      {rows.map((row, i) => (
        <div key={i} className={`diff__row diff__row--${row.kind}`} role="row">
          <pre className={`diff__cell${row.kind === "changed" && row.left !== null ? " diff__cell--del" : ""}`} role="cell">{row.left ?? ""}</pre>
          <pre className={`diff__cell${row.kind === "changed" && row.right !== null ? " diff__cell--add" : ""}`} role="cell">{row.right ?? ""}</pre>
        </div>
      ))}
    </div>
  );
}

function splitLines(value: string): string[] {
  const lines = value.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
