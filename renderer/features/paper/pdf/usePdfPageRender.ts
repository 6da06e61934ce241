import { useEffect, useState, type RefObject } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";

/**
 * Draws one page with pdf.js at `scale` once `near` is true: the canvas (at the screen's pixel
 * density) and the text layer over it. Returns the page's CSS size (known before it is drawn, so
 * the page keeps its place) and a counter that grows each time the text layer is ready.
 */
export function usePdfPageRender(
  doc: PDFDocumentProxy,
  pageNumber: number,
  scale: number,
  near: boolean,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  layerRef: RefObject<HTMLDivElement | null>,
) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    void doc.getPage(pageNumber).then(async (page) => {
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      setSize({ width: viewport.width, height: viewport.height });
      const canvas = canvasRef.current;
      const layer = layerRef.current;
      if (!near || !canvas || !layer) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      const task = page.render({ canvasContext: canvas.getContext("2d")!, viewport, ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}) });
      layer.replaceChildren();
      // pdf.js is its own chunk, loaded with the first PDF (usePageView), not with the app.
      const { TextLayer } = await import("pdfjs-dist");
      if (cancelled) return;
      const text = new TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      stop = () => {
        task.cancel();
        text.cancel();
      };
      try {
        await Promise.all([task.promise, text.render()]);
        if (!cancelled) setDrawn((n) => n + 1);
      } catch {
        // Cancelled by a zoom or an unmount: the next render replaces it.
      }
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [doc, pageNumber, scale, near, canvasRef, layerRef]);
  return { size, drawn };
}
