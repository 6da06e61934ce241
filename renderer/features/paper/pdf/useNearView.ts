import { useEffect, useState, type RefObject } from "react";

/** Whether the element has come near the visible area once (pages and thumbnails render lazily, then stay). */
export function useNearView(ref: RefObject<Element | null>, margin = "800px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
