import fs from "node:fs";
import path from "node:path";
import { PAPER_TITLE, buildPaperPdf } from "../../papers/paperPdf.js";
import type { Studio } from "./startStudio.js";
import { visible } from "./studioSteps.js";

export { paperServices } from "../../papers/paperServices.js";

/** The import form's labels; the Chinese UI's by default. */
export interface PaperImportLabels {
  path: string;
  import: string;
}

/**
 * Writes the 4-page test paper into the studio's data dir as `name` (default `sparse.pdf`) and
 * imports it by path from the open 论文阅读 screen; returns the file. Waiting for the import is the caller's.
 */
export async function importTestPdf(studio: Studio, options: { name?: string; labels?: PaperImportLabels } = {}): Promise<string> {
  const labels = options.labels ?? { path: "论文文件路径", import: "导入" };
  const pdf = path.join(studio.dataDir, options.name ?? "sparse.pdf");
  fs.writeFileSync(pdf, await buildPaperPdf());
  await studio.page.getByLabel(labels.path).fill(pdf);
  await studio.page.getByRole("button", { name: labels.import, exact: true }).click();
  return pdf;
}

/** Opens 论文阅读, imports the test paper and waits until the library reports it with its 4 pages (the reader shows it). */
export async function openTestPaper(studio: Studio): Promise<void> {
  await studio.page.getByRole("button", { name: "论文阅读" }).click();
  await importTestPdf(studio);
  await visible(studio.page.getByText(`已导入《${PAPER_TITLE}》（4 页）`));
}
