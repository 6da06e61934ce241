import { createCanvas, GlobalFonts, loadImage } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import { openPdf } from "../../electron/engine/io/pdf/openPdf.js";
import { renderPdfPage } from "../../electron/engine/io/pdf/renderPdfPage.js";

/**
 * Test fixtures for OCR, made the way a scanner makes them: each page drawn to an image and written
 * back as an image-only PDF page of the same size (no text layer at all).
 */

export interface ScanOptions {
  pages?: number[];
  dpi?: number;
  grey?: boolean;
  grain?: boolean;
  rotate?: number;
}

/**
 * "Scans" the given pages (1-based; default all) of a text PDF at `dpi`; other pages keep their text
 * layer. `grey` writes each page as a grey JPEG (quality 75), as office scanners send them, and `grain`
 * adds a scanner's softness and sensor noise to it; `rotate` feeds the page in crooked: turned by
 * that many degrees clockwise (its lines descend to the right).
 */
export async function scanPdf(source: Uint8Array, options: ScanOptions = {}): Promise<Uint8Array> {
  const { doc, close } = await openPdf(source, "source.pdf");
  const original = await PDFDocument.load(source);
  const out = await PDFDocument.create();
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      if (options.pages && !options.pages.includes(number)) {
        const [copied] = await out.copyPages(original, [number - 1]);
        out.addPage(copied!);
        continue;
      }
      const page = await doc.getPage(number);
      const { width, height } = page.getViewport({ scale: 1 });
      const rendered = (await renderPdfPage(page, options.dpi ?? 150)).png;
      const png = options.rotate ? await turned(rendered, options.rotate) : rendered;
      const embedded = options.grey ? await out.embedJpg(await greyJpeg(png, options.grain ?? false)) : await out.embedPng(png);
      out.addPage([width, height]).drawImage(embedded, { x: 0, y: 0, width, height });
    }
  } finally {
    await close();
  }
  return out.save();
}

/** A page image turned by `degrees` clockwise about its centre, on white paper, same size. */
async function turned(png: Buffer, degrees: number): Promise<Buffer> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.drawImage(image, -image.width / 2, -image.height / 2);
  return canvas.toBuffer("image/png");
}

/**
 * A page image turned grey (luminance) and written as a JPEG of quality 75; with `grain`, softened
 * (a centre-weighted 3×3 blur) and given Gaussian noise of σ = 8 grey levels (seeded: the same scan
 * every run).
 */
async function greyJpeg(png: Buffer, grain: boolean): Promise<Buffer> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height);
  const px = data.data;
  for (let i = 0; i < px.length; i += 4) {
    const grey = Math.round(0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!);
    px[i] = px[i + 1] = px[i + 2] = grey;
  }
  if (grain) addGrain(px, image.width, image.height);
  context.putImageData(data, 0, 0);
  return canvas.toBuffer("image/jpeg", 75);
}

/** Blur and noise in place on grey RGBA pixels (R = G = B). */
function addGrain(px: Uint8ClampedArray, width: number, height: number): void {
  const grey = new Float32Array(width * height);
  for (let p = 0; p < grey.length; p++) grey[p] = px[p * 4]!;
  let seed = 0x5eed;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return (seed + 0.5) / 4294967296;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let weight = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const w = dx === 0 && dy === 0 ? 4 : dx === 0 || dy === 0 ? 2 : 1;
          sum += grey[ny * width + nx]! * w;
          weight += w;
        }
      }
      // Box–Muller: one normal sample per pixel.
      const noise = 8 * Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
      const i = (y * width + x) * 4;
      px[i] = px[i + 1] = px[i + 2] = sum / weight + noise;
    }
  }
}

const CJK_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";

/**
 * A scanned Chinese document: each page's lines drawn in WenQuanYi Micro Hei (installed by
 * .ci/run) onto an A4 image at 200 DPI, written as an image-only PDF.
 */
export async function scanChinesePdf(pages: string[][], dpi = 200): Promise<Uint8Array> {
  if (!GlobalFonts.families.some((family) => family.family === "WenQuanYi Micro Hei") && !GlobalFonts.registerFromPath(CJK_FONT, "WenQuanYi Micro Hei")) {
    throw new Error(`the Chinese scan fixture needs the font ${CJK_FONT} (apt-get install fonts-wqy-microhei)`);
  }
  const out = await PDFDocument.create();
  const [width, height] = [595, 842];
  const scale = dpi / 72;
  for (const lines of pages) {
    const canvas = createCanvas(Math.round(width * scale), Math.round(height * scale));
    const context = canvas.getContext("2d");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = "#000";
    lines.forEach((line, index) => {
      const size = index === 0 ? 18 : 12;
      context.font = `${size * scale}px "WenQuanYi Micro Hei"`;
      context.fillText(line, 60 * scale, (80 + index * 24) * scale);
    });
    const png = await out.embedPng(canvas.toBuffer("image/png"));
    out.addPage([width, height]).drawImage(png, { x: 0, y: 0, width, height });
  }
  return out.save();
}
