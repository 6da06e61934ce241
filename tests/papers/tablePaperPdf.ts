import { buildPdf, column, type PdfText } from "./paperPdf.js";

/** Rows of Table 2: configuration, experts per layer, accuracy, latency — each a distinct value. */
export const TABLE2_ROWS: Array<[string, string, string, string]> = Array.from({ length: 16 }, (_, i) => [
  `R${i + 1}`,
  String(2 + i),
  (80 + i * 0.7).toFixed(1),
  String(31 + i * 3),
]);
export const TABLE2_HEADER = ["Config", "Experts", "Accuracy", "Latency"];
export const TABLE2_CAPTION = "Table 2: Accuracy and latency of each routing configuration.";

/** Draws table rows as separate runs per cell (as typesetters do), 12 points apart, from `top` down. */
function rows(cells: string[][], x: number, top: number): PdfText[] {
  const columns = [0, 56, 116, 176];
  return cells.flatMap((row, r) => row.map((text, c) => ({ text, x: x + columns[c]!, y: top - r * 12, size: 9 })));
}

/**
 * A two-column paper (letter size) with numbered display equations and a multi-page table: Table 2
 * starts at the bottom of page 2's right column with its caption and header row, and its last rows
 * go on at the top of page 3's left column without the header (as printed tables do), or with it
 * printed again (`repeatHeader`).
 */
export async function buildTablePaperPdf(options: { repeatHeader?: boolean } = {}): Promise<Uint8Array> {
  const header = (page: number): PdfText[] => [
    { text: "Workshop on Routing Models", x: 230, y: 760, size: 8 },
    { text: String(page), x: 300, y: 30, size: 9 },
  ];
  const page1: PdfText[] = [
    ...header(1),
    { text: "Routing Tables for Sparse Experts", x: 170, y: 715, size: 18 },
    { text: "Dana Fox and Eli Grant", x: 240, y: 690, size: 11 },
    ...column([{ heading: "Abstract" }, { prose: "We study how the number of experts per layer changes accuracy and latency of a sparse routing model on the DocBench corpus. A larger model is slower but more accurate." }], 72, 650),
    ...column([{ heading: "1 Introduction" }, { prose: "Sparse experts trade accuracy for latency. We measure this trade on sixteen routing configurations and report every one of them in a single table." }], 324, 650),
  ];
  // Page 2, left column: prose with a numbered equation whose number sits at the column's right margin.
  const page2: PdfText[] = [
    ...header(2),
    ...column([{ heading: "2 Method" }, { prose: "The router scores each expert and keeps the best two of them for every token in the batch." }], 72, 720),
    { text: "s = softmax(W h + b)", x: 120, y: 640, size: 10 },
    { text: "(1)", x: 280, y: 640, size: 10 },
    ...column([{ prose: "where W is the routing matrix and h the hidden state of the token at this layer of the model." }], 72, 615),
    { text: "L = CE(y, p) + 0.1 × balance", x: 110, y: 560, size: 10 },
    { text: "(2)", x: 280, y: 560, size: 10 },
    ...column([{ prose: "The balance term keeps every expert busy so that none of them is starved during training." }], 72, 535),
    ...column([{ heading: "3 Results" }, { prose: "Table 2 lists accuracy and latency for all sixteen configurations; accuracy grows with the number of experts." }, { line: TABLE2_CAPTION }], 324, 720),
    ...rows([TABLE2_HEADER], 324, 600),
    ...rows(TABLE2_ROWS.slice(0, 10), 324, 588),
  ];
  const page3: PdfText[] = [
    ...header(3),
    // Some journals print the header row again on the continuation page.
    ...(options.repeatHeader ? rows([TABLE2_HEADER, ...TABLE2_ROWS.slice(10)], 72, 732) : rows(TABLE2_ROWS.slice(10), 72, 720)),
    ...column([{ prose: "The last configurations are the slowest ones; their accuracy gain is small compared with the added latency." }], 72, 630),
    ...column([{ heading: "4 Conclusion" }, { prose: "More experts help accuracy until about twelve per layer; beyond that the latency cost dominates." }, { heading: "References" }, { prose: "[1] N. Shazeer et al. Outrageously large neural networks. 2017." }], 324, 720),
  ];
  return buildPdf([page1, page2, page3]);
}
