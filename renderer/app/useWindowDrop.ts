import { useEffect, useRef, useState } from "react";

const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].some((x) => x === "Files" || x === "text/uri-list");

/**
 * Files dragged over the window: true while they hover (for the overlay); `onDrop` gets what was
 * dropped. Listens once; the latest `onDrop` is called.
 */
export function useWindowDrop(onDrop: (data: DataTransfer) => void): boolean {
  const [dragging, setDragging] = useState(false);
  // dragenter / dragleave fire for every element crossed: the overlay goes when the count is back to 0.
  const depth = useRef(0);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;
  useEffect(() => {
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current++;
      setDragging(true);
    };
    const leave = () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
    };
    const drop = (e: DragEvent) => {
      if (!e.dataTransfer || !hasFiles(e)) return;
      // Never let the page navigate to a dropped file.
      e.preventDefault();
      depth.current = 0;
      setDragging(false);
      onDropRef.current(e.dataTransfer);
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragleave", leave);
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
    };
  }, []);
  return dragging;
}
