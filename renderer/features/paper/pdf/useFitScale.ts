import { useEffect, useState, type RefObject } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";

/** The page scale, starting fitted to the column's width (at most 150%), so a page needs no sideways scrolling. */
export function useFitScale(doc: PDFDocumentProxy, column: RefObject<HTMLElement | null>) {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    void doc.getPage(1).then((first) => {
      const room = column.current?.clientWidth ?? 0;
      if (room > 100) setScale(Math.min(1.5, Math.max(0.25, Math.floor((room - 4) / first.getViewport({ scale: 1 }).width / 0.05) * 0.05)));
    });
  }, [doc, column]);
  return [scale, setScale] as const;
}
