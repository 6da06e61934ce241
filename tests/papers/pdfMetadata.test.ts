import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sofficeBinary } from "../fixtures/sofficeBinary.js";
import { declaredFrom, NO_DECLARED } from "../../electron/engine/io/pdf/readPdfDeclared.js";
import { fontScales } from "../../electron/engine/io/pdf/readPdfPages.js";
import { BibLibrary } from "../../electron/engine/workflows/paper/library/bibLibrary.js";
import { firstPageMetadata, looksLikeName, namesOf } from "../../electron/engine/workflows/paper/library/firstPageMetadata.js";
import { looksRealTitle, pdfPaperMetadata } from "../../electron/engine/workflows/paper/library/pdfMetadata.js";
import { readPaperLines } from "../../electron/engine/workflows/paper/library/readPaperFile.js";
import type { LayoutLine } from "../../electron/engine/workflows/paper/library/pdfLayout.js";
import { buildPublishedPdf, proseLines, xmpPacket, type PublishedLayout } from "./publishedLayoutPdf.js";
import { paperKit, type PaperKit } from "./paperTestKit.js";

async function metadataOf(layout: PublishedLayout) {
  const bytes = await buildPublishedPdf(layout);
  const { pdfMetadata } = await readPaperLines("paper.pdf", Buffer.from(bytes));
  expect(pdfMetadata).toBeDefined();
  return pdfMetadata!;
}

const ONE_COLUMN: PublishedLayout = {
  first: [
    { text: "Journal of Applied Computing 12 (2021) 45-67", x: 72, y: 750, size: 8 },
    { text: "Robust Table Extraction from Scanned Financial Reports", x: 96, y: 690, size: 17, bold: true },
    { text: "Maria Chen1, David K. Okafor2 and Li Wei1", x: 190, y: 660, size: 11 },
    { text: "1Department of Computer Science, University of Lagos, Nigeria", x: 150, y: 644, size: 9 },
    { text: "2Institute for Document Analysis, Zurich, Switzerland", x: 170, y: 632, size: 9 },
    { text: "https://doi.org/10.1016/j.jac.2021.03.004", x: 200, y: 618, size: 8 },
    { text: "Abstract", x: 72, y: 590, size: 11, bold: true },
    ...proseLines(72, 574, 90, 30),
  ],
  // What Word leaves behind: the file name as title and the login as author.
  info: { title: "Microsoft Word - draft_v3.docx", author: "mchen", creationYear: 2020 },
};

const TWO_COLUMN: PublishedLayout = {
  first: [
    // The arXiv stamp down the left margin, set larger than the title.
    { text: "arXiv:2103.01234v2 [cs.CL] 14 Mar 2021", x: 32, y: 250, size: 20, rotate: 90 },
    // A title over two lines, with the generous leading of a display face.
    { text: "Sparse Attention for Long Document", x: 150, y: 700, size: 20, bold: true },
    { text: "Classification in Legal Archives", x: 165, y: 666, size: 20, bold: true },
    // Author blocks side by side, set apart by wide gaps rather than commas.
    { text: "Ana Souza*", x: 110, y: 630, size: 11 },
    { text: "Tomás Ruiz", x: 265, y: 630, size: 11 },
    { text: "Hannah Becker", x: 410, y: 630, size: 11 },
    { text: "University of Porto", x: 105, y: 616, size: 10 },
    { text: "ETH Zurich", x: 270, y: 616, size: 10 },
    { text: "Google Research", x: 410, y: 616, size: 10 },
    { text: "Abstract", x: 140, y: 580, size: 12, bold: true },
    ...proseLines(60, 562, 44, 40),
    { text: "1 Introduction", x: 320, y: 580, size: 12, bold: true },
    ...proseLines(320, 562, 44, 40),
  ],
};

const UNDER_LOGO: PublishedLayout = {
  first: [
    { text: "ELSEVIER", x: 60, y: 742, size: 14, bold: true },
    { text: "Contents lists available at ScienceDirect", x: 230, y: 752, size: 8 },
    // The journal banner is set larger than the title itself.
    { text: "Pattern Analysis Letters", x: 215, y: 728, size: 18 },
    { text: "journal homepage: www.elsevier.com/locate/patrec", x: 210, y: 712, size: 8 },
    { text: "Graph Neural Networks for Citation Intent", x: 130, y: 660, size: 16, bold: true },
    { text: "Classification", x: 255, y: 640, size: 16, bold: true },
    { text: "Jonas Lindqvist a,*, Priya Raman b", x: 200, y: 612, size: 11 },
    { text: "a KTH Royal Institute of Technology, Stockholm, Sweden", x: 150, y: 596, size: 8 },
    { text: "b Indian Institute of Science, Bangalore, India", x: 170, y: 586, size: 8 },
    { text: "© 2019 Elsevier B.V. All rights reserved.", x: 72, y: 560, size: 8 },
    { text: "Abstract", x: 72, y: 540, size: 11, bold: true },
    ...proseLines(72, 524, 90, 30),
  ],
};

const WITH_XMP: PublishedLayout = {
  first: [
    { text: "Proceedings of The Web Conference 2020", x: 72, y: 750, size: 8 },
    { text: "Learning to Rank Passages with Weak Supervision", x: 110, y: 690, size: 16, bold: true },
    { text: "Wei Zhang, Laura Bianchi", x: 230, y: 662, size: 11 },
    { text: "Abstract", x: 72, y: 630, size: 11, bold: true },
    ...proseLines(72, 614, 90, 30),
  ],
  info: { title: "WWW2020_paper_0412.pdf", author: "Administrator" },
  xmp: xmpPacket({
    title: "Learning to Rank Passages with Weak Supervision",
    creators: ["Wei Zhang", "Laura Bianchi"],
    doi: "10.1145/3366423.3380130",
    coverDate: "2020-04-20",
  }),
};

/** After JCAP's first page: a drop-cap journal logo and its motto set larger than the title. */
const JOURNAL_LOGO: PublishedLayout = {
  first: [
    { text: "J", x: 60, y: 708, size: 60, bold: true },
    { text: "ournal of Cosmology and Astroparticle Physics", x: 82, y: 725, size: 21 },
    { text: "An IOP and SISSA journal", x: 100, y: 708, size: 30 },
    { text: "Apparent and average accelerations of", x: 60, y: 615, size: 24.8, bold: true },
    { text: "the Universe", x: 60, y: 587, size: 24.8, bold: true },
    { text: "Krzysztof Bolejko and Lars Andersson", x: 132, y: 553, size: 14 },
    { text: "School of Physics, University of Melbourne, VIC 3010, Australia", x: 140, y: 534, size: 11 },
    { text: "Abstract.", x: 132, y: 500, size: 11, bold: true },
    ...proseLines(132, 484, 80, 30),
  ],
};

/** After a TeX conference paper: spacing accents ("Franc¸ois", "Gr ´egory"), side-by-side author blocks with postcodes. */
const TEX_ACCENTS: PublishedLayout = {
  first: [
    { text: "Bi-criteria Algorithm for Scheduling Jobs on Cluster", x: 83, y: 707, size: 17.9, bold: true },
    { text: "*", x: 344, y: 696, size: 9 },
    { text: "Platforms", x: 256, y: 687, size: 17.9, bold: true },
    { text: "Pierre-Franc\u00B8ois Dutot", x: 135, y: 645, size: 12 },
    { text: "Lionel Eyraud", x: 381, y: 645, size: 12 },
    { text: "ID-IMAG", x: 173, y: 635, size: 10 },
    { text: "ID-IMAG", x: 399, y: 635, size: 10 },
    { text: "38330 Montbonnot Saint-Martin, France", x: 104, y: 614, size: 10 },
    { text: "38330 Montbonnot Saint-Martin, France", x: 330, y: 614, size: 10 },
    { text: "Gr \u00B4egory Mouni \u00B4e", x: 149, y: 571, size: 12 },
    { text: "Zolt\u00B4an Gy\u00A8ongyi", x: 378, y: 571, size: 12 },
    { text: "ABSTRACT", x: 60, y: 530, size: 12, bold: true },
    ...proseLines(60, 514, 44, 36),
    ...proseLines(320, 514, 44, 36),
  ],
};

/** After a conference abstract: an upper-case title over two lines, initials set without spaces. */
const GLUED_INITIALS: PublishedLayout = {
  first: [
    { text: "MAGNETO-PHOTOLUMINESCENCE AS A PROBE OF PHASES IN", x: 80, y: 720, size: 14, bold: true },
    { text: "QUANTUM HALL MULTI-LAYERS", x: 200, y: 703, size: 14, bold: true },
    { text: "Yu.A.Pusep1*, L.Fernandes dos Santos1, D.Smirnov2, and A.I.Toropov3", x: 110, y: 680, size: 11 },
    { text: "1Instituto de Fisica de Sao Carlos, Universidade de Sao Paulo, Brazil", x: 120, y: 664, size: 10 },
    ...proseLines(72, 630, 90, 30),
  ],
};

/** After a Cambridge journal: a dotted rule and a row of superscripts between title and names; the publisher as the declared author. */
const PUBLISHER_AUTHOR: PublishedLayout = {
  first: [
    { text: "International Psychogeriatrics (2014), 26:1, 147-154 (c) International Psychogeriatric Association 2013", x: 56, y: 756, size: 7 },
    { text: "doi:10.1017/S1041610213001804", x: 451, y: 732, size: 7 },
    { text: "Stressful life events are not associated with the development", x: 92, y: 709, size: 17.9, bold: true },
    { text: "of dementia", x: 92, y: 689, size: 17.9, bold: true },
    { text: ".".repeat(230), x: 56, y: 671, size: 5.5 },
    { text: "1", x: 184, y: 651, size: 9.8 },
    { text: "2", x: 290, y: 651, size: 9.8 },
    { text: "Anna Sundstr\u00F6m, Michael R\u00F6nnlund, Rolf Adolfsson and Lars Nilsson", x: 92, y: 645, size: 13.9 },
    { text: "Department of Psychology, Umea University, Umea, Sweden", x: 92, y: 623, size: 7 },
    { text: "ABSTRACT", x: 92, y: 590, size: 9, bold: true },
    ...proseLines(92, 574, 90, 30),
  ],
  info: { title: "ipg1300180a", author: "Cambridge Journals" },
  xmp: xmpPacket({ title: "ipg1300180a", creators: ["Cambridge Journals"] }),
};

/**
 * After a 1990s lab preprint (CEBAF-TH-94-08): a portrait page stored with /Rotate 270 and shown
 * landscape, the lab's cover on the left half and the paper's first page on the right.
 */
const TURNED_COVER: PublishedLayout = {
  turned: true,
  first: [
    { text: "The Continuous Electron Beam Accelerator Facility", x: 27, y: 503, size: 12, bold: true },
    { text: "Theory Group Preprint Series", x: 27, y: 485, size: 12, bold: true },
    { text: "Additional copies are available from the authors.", x: 95, y: 428, size: 9 },
    { text: "DISCLAIMER", x: 180, y: 145, size: 8.5 },
    ...proseLines(52, 131, 80, 8).map((line) => ({ ...line, size: 7 })),
    { text: "CEBAF-TH-94-08", x: 674, y: 538, size: 9 },
    { text: "Heavy Mesons In A Relativistic Model", x: 438, y: 434, size: 14.4, bold: true },
    { text: "J. Zeng, J. W. Van Orden and W. Roberts", x: 482, y: 410, size: 10 },
    { text: "Department of Physics", x: 530, y: 387, size: 10 },
    { text: "Old Dominion University, Norfolk, VA 23529", x: 481, y: 375, size: 10 },
    { text: "Abstract", x: 554, y: 283, size: 10, bold: true },
    ...proseLines(405, 249, 70, 8),
  ],
};

/**
 * After Z. Naturforsch. 54a (an ABBYY text layer over a scan): the title set bold at the body's
 * size, an equation column level with it, and the OCR's quotes for a raised "*" after a name.
 */
const BODY_SIZE_TITLE: PublishedLayout = {
  first: [
    { text: "Notes", x: 330, y: 740, size: 8 },
    { text: "Exact Solitary-wave Solutions for the General", x: 45, y: 700, size: 10, bold: true },
    { text: "(tanh^): - 2^ ( 0 [ - 8 4 0 a / # 2 « ^(O", x: 330, y: 698, size: 10 },
    { text: "Fifth-order Shallow Water-wave Models", x: 45, y: 688, size: 10, bold: true },
    { text: "+ 24^(0V^o(0/^2(0 - 96y^2(tfm^", x: 380, y: 672, size: 10 },
    { text: "Woo-Pyo Hong and Young-Dae Jung''", x: 45, y: 670, size: 10 },
    { text: "Department of Physics, Catholic University of Taegu-Hyosung,", x: 45, y: 657, size: 8 },
    { text: "Hayang, Kyongsan, Kyungbuk 712-702, South Korea", x: 45, y: 648, size: 10 },
    { text: "Z. Naturforsch. 54 a, 272-273 (1999); received December 15, 1998", x: 45, y: 630, size: 8 },
    ...proseLines(45, 610, 52, 40),
    ...Array.from({ length: 30 }, (_, i) => ({ text: `+ ${i}r^o(t)^2(,tf + 2q^2(tf] (${i + 5})`, x: 330, y: 650 - i * 15, size: 10 })),
  ],
};

/** After AI Magazine: an article whose opening paragraph starts with a drop cap larger than the title. */
const DROP_CAP: PublishedLayout = {
  first: [
    { text: "Adapting Open Information Extraction", x: 72, y: 700, size: 20, bold: true },
    { text: "to Domain-Specific Relations", x: 72, y: 676, size: 20, bold: true },
    { text: "Stephen Soderland, Brendan Roof, Bo Qin and Oren Etzioni", x: 72, y: 650, size: 11 },
    { text: "H", x: 72, y: 600, size: 44 },
    { text: "recently, information extraction has leaned heavily on", x: 104, y: 612, size: 10 },
    { text: "machine learning for the domain-specific relations", x: 104, y: 600, size: 10 },
    ...proseLines(72, 586, 90, 30),
  ],
};

describe("PDF paper metadata on published layouts", () => {
  it("one column: skips the journal line above the title, splits names at commas and 'and', ignores Word's info junk", async () => {
    const meta = await metadataOf(ONE_COLUMN);
    expect(meta.title).toBe("Robust Table Extraction from Scanned Financial Reports");
    expect(meta.titleSource).toBe("page");
    expect(meta.authors).toEqual(["Maria Chen", "David K. Okafor", "Li Wei"]);
    expect(meta.year).toBe(2021);
    expect(meta.doi).toBe("10.1016/j.jac.2021.03.004");
  });

  it("two columns: joins a title over two lines, reads side-by-side author blocks, passes over the arXiv stamp", async () => {
    const meta = await metadataOf(TWO_COLUMN);
    expect(meta.title).toBe("Sparse Attention for Long Document Classification in Legal Archives");
    expect(meta.authors).toEqual(["Ana Souza", "Tomás Ruiz", "Hannah Becker"]);
    expect(meta.arxiv).toBe("2103.01234");
    expect(meta.year).toBe(2021);
    expect(meta.doi).toBe("");
  });

  it("a title under a publisher's logo and journal banner, its second line not taken for an author", async () => {
    const meta = await metadataOf(UNDER_LOGO);
    expect(meta.title).toBe("Graph Neural Networks for Citation Intent Classification");
    expect(meta.authors[0]).toBe("Jonas Lindqvist");
    expect(meta.authors).not.toContain("Classification");
    expect(meta.year).toBe(2019);
  });

  it("takes the XMP title, creators, DOI and cover date over a file-name title and a login author", async () => {
    const meta = await metadataOf(WITH_XMP);
    expect(meta.title).toBe("Learning to Rank Passages with Weak Supervision");
    expect(meta.titleSource).toBe("xmp");
    expect(meta.titleConfirmed).toBe(true);
    expect(meta.authors).toEqual(["Wei Zhang", "Laura Bianchi"]);
    expect(meta.authorsSource).toBe("xmp");
    expect(meta.doi).toBe("10.1145/3366423.3380130");
    expect(meta.year).toBe(2020);
  });

  it("a journal logo and motto set larger than the title are not the title", async () => {
    const meta = await metadataOf(JOURNAL_LOGO);
    expect(meta.title).toBe("Apparent and average accelerations of the Universe");
    expect(meta.authors).toEqual(["Krzysztof Bolejko", "Lars Andersson"]);
  });

  it("TeX's spacing accents go back on their letters; a postcode line is an address, not a name", async () => {
    const meta = await metadataOf(TEX_ACCENTS);
    expect(meta.title).toBe("Bi-criteria Algorithm for Scheduling Jobs on Cluster Platforms");
    expect(meta.authors).toEqual(["Pierre-François Dutot", "Lionel Eyraud", "Grégory Mounié", "Zoltán Gyöngyi"]);
  });

  it("an upper-case title over two lines, and names whose initials are set without spaces", async () => {
    const meta = await metadataOf(GLUED_INITIALS);
    expect(meta.title).toBe("MAGNETO-PHOTOLUMINESCENCE AS A PROBE OF PHASES IN QUANTUM HALL MULTI-LAYERS");
    expect(meta.authors).toEqual(["Yu. A. Pusep", "L. Fernandes dos Santos", "D. Smirnov", "A. I. Toropov"]);
  });

  it("reads the names past a dotted rule and a superscript row, and never takes the publisher declared as author", async () => {
    const meta = await metadataOf(PUBLISHER_AUTHOR);
    expect(meta.title).toBe("Stressful life events are not associated with the development of dementia");
    expect(meta.titleSource).toBe("page");
    expect(meta.authors).toEqual(["Anna Sundström", "Michael Rönnlund", "Rolf Adolfsson", "Lars Nilsson"]);
    expect(meta.authorsSource).toBe("page");
    expect(meta.doi).toBe("10.1017/S1041610213001804");
  });

  it("a page turned by /Rotate 270 is read as shown: the title on its right half, not vertical strips of the cover", async () => {
    const meta = await metadataOf(TURNED_COVER);
    expect(meta.title).toBe("Heavy Mesons In A Relativistic Model");
    expect(meta.authors).toEqual(["J. Zeng", "J. W. Van Orden", "W. Roberts"]);
  });

  it("a title no larger than the body: an equation beside it and the names under it are not part of it", async () => {
    const meta = await metadataOf(BODY_SIZE_TITLE);
    expect(meta.title).toBe("Exact Solitary-wave Solutions for the General Fifth-order Shallow Water-wave Models");
    expect(meta.authors).toEqual(["Woo-Pyo Hong", "Young-Dae Jung"]);
  });

  it("a drop cap larger than the title does not make its paragraph the title", async () => {
    const meta = await metadataOf(DROP_CAP);
    expect(meta.title).toBe("Adapting Open Information Extraction to Domain-Specific Relations");
    expect(meta.authors[0]).toBe("Stephen Soderland");
  });

  it("declared creators that name only some of the printed authors give way to the page's full list, in its order", () => {
    const page = { title: "Improving Detection of Influential Nodes", authors: ["Amir Sheikhahmadi", "Mohammad Ali Nematbakhsh", "Arman Shokrollahi"], year: 2015, doi: "", arxiv: "" };
    const printed = `${page.title}\n${page.authors.join(", ")}`;
    const corresponding = { ...NO_DECLARED, xmp: { ...NO_DECLARED.xmp, creators: ["A. Shokrollahi"] } };
    const meta = pdfPaperMetadata(page, corresponding, printed);
    expect(meta.authors[0]).toBe("Amir Sheikhahmadi");
    expect(meta.authorsSource).toBe("page");
    // All of them declared: the declared spelling is kept.
    const all = { ...NO_DECLARED, xmp: { ...NO_DECLARED.xmp, creators: ["A. Sheikhahmadi", "M. A. Nematbakhsh", "A. Shokrollahi"] } };
    expect(pdfPaperMetadata(page, all, printed).authorsSource).toBe("xmp");
  });

  it("a Type 3 font's runs are sized by what their letters advance, one factor per font", () => {
    // dvips: every run states 240 pt; the body's letters advance 5 pt, the title's 7.5 pt; a Times run is left alone.
    const runs = [
      { font: "body", str: "spectator equation", width: 90, size: 240 },
      { font: "body", str: "bound states of heavy", width: 105, size: 240 },
      { font: "title", str: "Heavy Mesons", width: 90, size: 240 },
      { font: "times", str: "Abstract", width: 36, size: 10 },
    ];
    const scales = fontScales(runs);
    expect(240 * scales.get("body")!).toBeCloseTo(10, 0);
    expect(240 * scales.get("title")!).toBeCloseTo(15, 0);
    expect(scales.has("times")).toBe(false);
  });

  it("a declared title repairs one the layout cut short, but a declared journal name does not replace the printed title", () => {
    const page = { title: "Sparse Attention for Long Document", authors: ["Ana Souza"], year: 2021, doi: "", arxiv: "" };
    const printed = "Sparse Attention for Long Document\nClassification in Legal Archives\nAna Souza";
    const full = { ...NO_DECLARED, info: { ...NO_DECLARED.info, title: "Sparse Attention for Long Document Classification in Legal Archives" } };
    expect(pdfPaperMetadata(page, full, printed).title).toBe("Sparse Attention for Long Document Classification in Legal Archives");
    const journal = { ...NO_DECLARED, info: { ...NO_DECLARED.info, title: "Pattern Analysis Letters" } };
    expect(pdfPaperMetadata(page, journal, `Pattern Analysis Letters\n${printed}`).title).toBe("Sparse Attention for Long Document");
  });

  it("tells placeholder and file-name titles from real ones", () => {
    for (const junk of ["Microsoft Word - draft.docx", "", "untitled", "Paper", "s10994-019-05855-6", "C:\\wp\\FILE94\\ASA\\MT_r1.wpd", "main.tex", "Title"]) {
      expect(looksRealTitle(junk), junk).toBe(false);
    }
    for (const real of ["Attention Is All You Need", "Input/Output Scheduling in Real-Time Systems", "基于深度学习的文本分类"]) expect(looksRealTitle(real), real).toBe(true);
  });

  it("reads XMP properties written as attributes, which pdf.js's parser passes over", () => {
    const raw = `<rdf:Description rdf:about="" prism:doi="10.1038/s41586-020-2649-2" prism:coverDate="2020-09-17"/>`;
    const declared = declaredFrom({ Title: "  Array programming with NumPy " }, {}, raw);
    expect(declared.info.title).toBe("Array programming with NumPy");
    expect(declared.xmp.doi).toBe("10.1038/s41586-020-2649-2");
    expect(declared.xmp.date).toBe("2020-09-17");
  });

  it("Chinese names split at '，', '、' and '；' with superscript marks removed", () => {
    const line = (text: string, y: number, size: number): LayoutLine => ({ text, cells: [{ text, x: 100 }], x: 100, y, size, column: "full" });
    const meta = firstPageMetadata({
      page: 1,
      width: 595,
      height: 842,
      lines: [
        line("计算机学报 2022年 第45卷", 800, 8),
        line("面向长文档的稀疏注意力", 740, 18),
        line("检索方法研究", 716, 18),
        line("张伟1，李娜2、王小明1；陈静", 690, 11),
        line("1清华大学计算机系 北京 100084", 672, 9),
        line("摘要 本文研究长文档检索中的稀疏注意力方法。", 640, 9),
      ],
    });
    expect(meta.title).toBe("面向长文档的稀疏注意力检索方法研究");
    expect(meta.authors).toEqual(["张伟", "李娜", "王小明", "陈静"]);
    expect(meta.year).toBe(2022);
  });

  it("an all-caps author line splits at AND as a title-case one does at and", () => {
    expect(namesOf({ text: "MOHAMMAD AMIN SHOKROLLAHI AND ARMAN SHOKROLLAHI", cells: [] })).toEqual(["MOHAMMAD AMIN SHOKROLLAHI", "ARMAN SHOKROLLAHI"]);
    expect(namesOf({ text: "Sandra Andersen and Anders Sand", cells: [] })).toEqual(["Sandra Andersen", "Anders Sand"]);
  });

  it("a discipline set on the author line (a department's name cut from its line) is no name", () => {
    for (const field of ["Computer Science", "Electrical Engineering", "Applied Mathematics", "Information Technology"]) expect(looksLikeName(field), field).toBe(false);
    for (const name of ["Jeffrey Dean", "Jan van der Berg", "J. R. R. Tolkien"]) expect(looksLikeName(name), name).toBe(true);
  });
});

/** An article typed in a word processor and exported by LibreOffice: real font sizes, and its "draft" placeholder as the PDF title. */
const WRITER_HTML = `<html><head><meta charset="utf-8"><title>draft</title></head><body>
<p style="font-size:8pt">IEEE TRANSACTIONS ON KNOWLEDGE AND DATA ENGINEERING, VOL. 33, NO. 4, APRIL 2021</p>
<h1 style="font-size:22pt;text-align:center">Contrastive Pretraining of Sentence Encoders for Cross-Lingual Patent Retrieval at Scale</h1>
<p style="text-align:center;font-size:11pt">Kenji Watanabe<sup>1</sup>, Sofia Marquez<sup>2</sup>, and Omar Haddad<sup>1</sup></p>
<p style="text-align:center;font-size:9pt"><sup>1</sup>Department of Informatics, Kyoto University, Japan</p>
<p style="text-align:center;font-size:9pt"><sup>2</sup>Universidad de Chile, Santiago</p>
<p><b>Abstract</b>—We pretrain sentence encoders on patent claims in six languages and retrieve prior art across them.</p>
<p>${"Patent offices receive filings in many languages, and prior art in one language must be found for claims written in another. ".repeat(12)}</p>
</body></html>`;

describe("a LibreOffice-made PDF", () => {
  it("reads the title over two lines under the journal running head, and the authors with their superscripts", async () => {
    const soffice = sofficeBinary();
    expect(soffice, "LibreOffice (soffice) is needed to make this fixture").toBeDefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-meta-lo-"));
    try {
      fs.writeFileSync(path.join(dir, "article.html"), WRITER_HTML);
      const args = [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--infilter=HTML (StarWriter)", "--convert-to", "pdf", "--outdir", dir];
      execFileSync(soffice!, [...args, path.join(dir, "article.html")], { timeout: 120_000, stdio: "ignore" });
      const { pdfMetadata } = await readPaperLines("article.pdf", fs.readFileSync(path.join(dir, "article.pdf")));
      expect(pdfMetadata?.title).toBe("Contrastive Pretraining of Sentence Encoders for Cross-Lingual Patent Retrieval at Scale");
      expect(pdfMetadata?.authors).toEqual(["Kenji Watanabe", "Sofia Marquez", "Omar Haddad"]);
      expect(pdfMetadata?.year).toBe(2021);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("import keeps the PDF's own metadata", () => {
  let kit: PaperKit | undefined;
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
  });

  it("the library lists the printed title and authors, and the correction form still changes them", async () => {
    kit = paperKit();
    const file = kit.write("under-logo.pdf", await buildPublishedPdf(UNDER_LOGO));
    const { doc_id, title } = await kit.library.importFile(file);
    expect(title).toBe("Graph Neural Networks for Citation Intent Classification");
    const record = kit.library.get(doc_id);
    expect(record.authors.slice(0, 2)).toEqual(["Jonas Lindqvist", "Priya Raman"]);
    expect(record.year).toBe(2019);
    // The user's correction (the metadata form) still has the last word.
    const bib = new BibLibrary(kit.library, kit.appDb.db);
    expect(bib.metadataOf(doc_id)).toMatchObject({ title: record.title, authors: record.authors, year: 2019, source: "extracted" });
    bib.correct(doc_id, { title: "Graph Neural Networks for Citation Intent Classification (extended)", authors: ["J. Lindqvist"], doi: "10.1016/j.patrec.2019.01.002" });
    expect(kit.library.get(doc_id)).toMatchObject({ title: "Graph Neural Networks for Citation Intent Classification (extended)", authors: ["J. Lindqvist"] });
    expect(bib.metadataOf(doc_id)).toMatchObject({ doi: "10.1016/j.patrec.2019.01.002", source: "user" });
  });
});
