import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

/** Text drawn at a position (PDF points, origin bottom-left). */
export interface PdfText {
  text: string;
  x: number;
  y: number;
  size?: number;
}

const WIDTH = 612;
const HEIGHT = 792;

/** A PDF with the given texts on each page (Helvetica), written by pdf-lib. */
export async function buildPdf(pages: PdfText[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const texts of pages) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    for (const item of texts) page.drawText(item.text, { x: item.x, y: item.y, size: item.size ?? 10, font });
  }
  return doc.save({ useObjectStreams: false });
}

/** Wraps prose into lines of at most `chars` characters. */
export function wrap(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** One column's content: paragraphs, each a heading (`#`-less, drawn larger) or prose. */
export type ColumnPart = { heading: string } | { prose: string } | { line: string };

/** Lays parts out top-down in a column at `x`, 46 characters a line; returns the texts. */
export function column(parts: ColumnPart[], x: number, top: number): PdfText[] {
  const texts: PdfText[] = [];
  let y = top;
  for (const part of parts) {
    if ("heading" in part) {
      y -= 8;
      texts.push({ text: part.heading, x, y, size: 12 });
      y -= 18;
    } else if ("line" in part) {
      texts.push({ text: part.line, x, y, size: 10 });
      y -= 20;
    } else {
      for (const line of wrap(part.prose, 46)) {
        texts.push({ text: line, x, y, size: 10 });
        y -= 13;
      }
      y -= 9;
    }
  }
  return texts;
}

export const PAPER_TITLE = "Sparse Routing Transformers for Efficient Document Understanding";

/** Running header and footer of every page: stripped on import. */
function runningLines(page: number): PdfText[] {
  return [
    { text: "Preprint. Under review at the Workshop on Efficient Models", x: 150, y: 760, size: 8 },
    { text: String(page), x: 300, y: 30, size: 9 },
  ];
}

/** Extra pages of filler for a longer paper, each with a page-specific fact. */
function fillerPage(page: number): PdfText[] {
  const left: ColumnPart[] = [
    { heading: `${page} Additional Study ${page}` },
    { prose: `In study ${page} we measured the routing entropy of configuration K${page} and observed a latency of ${page * 7} milliseconds per document on the held-out split of the corpus.` },
    { prose: "The same trend holds for longer inputs, although the variance grows with the number of experts in each layer of the encoder." },
  ];
  const right: ColumnPart[] = [
    { prose: `Configuration K${page} uses ${page + 2} experts per layer and a capacity factor of 1.${page % 10}. These values were chosen on the validation split.` },
    { prose: "We report the mean of three runs with different random seeds and omit the standard deviation when it is below one point." },
  ];
  return [...runningLines(page), ...column(left, 72, 720), ...column(right, 324, 720)];
}

/**
 * A realistic two-column paper (letter size): title block across both columns on page 1, an
 * abstract, numbered sections, a table and a figure caption, a numbered equation, a References
 * section on the last page, running header and page numbers on every page. `pages` ≥ 4 adds
 * filler pages before the references.
 */
export async function buildPaperPdf(pages = 4): Promise<Uint8Array> {
  const page1: PdfText[] = [
    ...runningLines(1),
    { text: "Sparse Routing Transformers for Efficient", x: 140, y: 715, size: 18 },
    { text: "Document Understanding", x: 200, y: 693, size: 18 },
    { text: "Alice Chen, Bob Martin and Carla Diaz", x: 200, y: 668, size: 11 },
    { text: "Department of Computer Science, Example University", x: 170, y: 652, size: 9 },
    { text: "Published 2023", x: 270, y: 638, size: 9 },
    ...column(
      [
        { heading: "Abstract" },
        { prose: "We present SparseRoute, a transformer that routes each token to two of eight experts. On the DocBench corpus SparseRoute reaches an accuracy of 91.3% while using 40% less compute than a dense baseline. The left column ends here." },
      ],
      72,
      610,
    ),
    ...column(
      [
        { heading: "1 Introduction" },
        { prose: "Long documents are expensive to encode because attention grows quadratically. The right column starts with this sentence about quadratic attention cost." },
      ],
      324,
      610,
    ),
  ];
  const page2: PdfText[] = [
    ...runningLines(2),
    ...column(
      [
        { heading: "2 Method" },
        { prose: "The router scores every expert with a linear layer and keeps the two best. The encoder uses 12 attention layers with a hidden size of 768." },
        { line: "L = -log p(y | x) + 0.01 R (1)" },
        { prose: "The auxiliary term R balances the load between experts so that no expert is starved during training." },
      ],
      72,
      720,
    ),
    ...column(
      [
        { heading: "2.1 Training Details" },
        { prose: "We train for 30 epochs with the Adam optimizer and a learning rate of 0.0003 on eight GPUs. Training takes about two days." },
      ],
      324,
      720,
    ),
  ];
  const page3: PdfText[] = [
    ...runningLines(3),
    ...column(
      [
        { heading: "3 Experiments" },
        { prose: "We evaluate on DocBench and on the LongQA benchmark. SparseRoute reaches 91.3% accuracy on DocBench, compared with 89.1% for the dense baseline." },
        { line: "Table 1: Accuracy and compute on DocBench." },
        { line: "Model Accuracy FLOPs" },
        { line: "Dense 89.1 1.00" },
        { line: "SparseRoute 91.3 0.60" },
      ],
      72,
      720,
    ),
    ...column(
      [
        { line: "Table 2: Ablation of the number of experts." },
        { line: "Experts Accuracy" },
        { line: "4 90.2" },
        { line: "8 91.3" },
        { prose: "Table 2 shows that eight experts work best; more experts did not help in our runs." },
        { line: "Figure 1: Routing entropy over training steps." },
      ],
      324,
      720,
    ),
  ];
  const fillers: PdfText[][] = [];
  for (let page = 4; page < pages; page++) fillers.push(fillerPage(page));
  const last = pages;
  const references: PdfText[] = [
    ...runningLines(last),
    ...column(
      [
        { heading: `${last > 4 ? last : 4} Conclusion` },
        { prose: "SparseRoute shows that sparse routing keeps accuracy while cutting compute. We did not study multilingual documents." },
        { heading: "References" },
        { prose: "[1] A. Vaswani et al. Attention is all you need. 2017." },
        { prose: "[2] N. Shazeer et al. Outrageously large neural networks: the sparsely-gated mixture of experts. 2017." },
        { prose: "[3] W. Fedus et al. Switch Transformers. 2021." },
      ],
      72,
      720,
    ),
  ];
  return buildPdf([page1, page2, page3, ...fillers, references]);
}

/** A "scan": pages with drawn shapes and no text at all. */
export async function buildScannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    page.drawRectangle({ x: 50, y: 50, width: 500, height: 690, color: rgb(0.9, 0.9, 0.85) });
  }
  return doc.save();
}

/** A PDF document with no pages at all. */
export async function buildEmptyPdf(): Promise<Uint8Array> {
  // pdf-lib adds a blank page to a page-less document unless told not to.
  return (await PDFDocument.create()).save({ addDefaultPage: false });
}

/**
 * A hand-written PDF with a Standard security handler (/Encrypt, RC4 40-bit, revision 2) whose
 * user password is not empty: readers must ask for a password. pdf-lib cannot write encryption.
 */
export function buildEncryptedPdf(): Uint8Array {
  const hex = (n: number) => "<" + "ab".repeat(n) + ">";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    `<< /Filter /Standard /V 1 /R 2 /Length 40 /O ${hex(32)} /U ${hex(32)} /P -44 >>`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
