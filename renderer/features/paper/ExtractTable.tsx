import type { PaperTranslate } from "./messages.js";

/** One result row of an extraction, as the extract agent keeps it (its value found on its page). */
export interface ExtractRow {
  method: string;
  dataset: string;
  metric: string;
  value: string;
  page: number;
}

const COLUMNS = ["method", "dataset", "metric", "value"] as const;

/** The rows of an `extract` answer as a table; each row's page jumps the reader there. */
export function ExtractTable({ t, rows, onCite }: { t: PaperTranslate; rows: ExtractRow[]; onCite(page: number, paper: number | null): void }) {
  if (rows.length === 0) return <p className="muted small">{t("paper.extractNone")}</p>;
  return (
    <table className="paper-extract" aria-label={t("paper.extractTable")}>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {t(`paper.col.${column}`)}
            </th>
          ))}
          <th scope="col">{t("paper.col.page")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {COLUMNS.map((column) => (
              <td key={column}>{row[column]}</td>
            ))}
            <td>
              <button type="button" className="paper-cite" data-page={row.page} onClick={() => onCite(row.page, null)}>
                p.{row.page}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The answer text without its Markdown table (the table is shown as {@link ExtractTable}). */
export function withoutMarkdownTable(text: string): string {
  return text
    .split("\n")
    .filter((line) => !/^\s*\|.*\|\s*$/.test(line))
    .join("\n")
    .trim();
}
