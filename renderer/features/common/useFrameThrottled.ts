import { useEffect, useRef, useState } from "react";

/**
 * `value`, updated at most once per animation frame. The store changes on every `draft_chunk`
 * (4 concurrent sections at 40 chunks/s each is 160 changes a second); a screen shows ~60 frames,
 * so rendering more often than that is work nobody sees. The latest value always wins: a frame
 * already scheduled is never cancelled by a newer change (that would starve it under a steady
 * stream), it just picks up whatever is newest when it fires.
 */
export function useFrameThrottled<T>(value: T): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const pending = useRef<number | null>(null);

  useEffect(() => {
    latest.current = value;
    if (pending.current !== null) return;
    pending.current = scheduleFrame(() => {
      pending.current = null;
      setShown(() => latest.current);
    });
  }, [value]);

  useEffect(
    () => () => {
      if (pending.current !== null) cancelFrame(pending.current);
      pending.current = null;
    },
    [],
  );

  return shown;
}

function scheduleFrame(callback: () => void): number {
  return typeof requestAnimationFrame === "function" ? requestAnimationFrame(callback) : (setTimeout(callback, 16) as unknown as number);
}

function cancelFrame(id: number): void {
  if (typeof cancelAnimationFrame === "function") cancelAnimationFrame(id);
  else clearTimeout(id);
}
