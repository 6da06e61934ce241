import { useState } from "react";

/** Where a citation sends the reader: its page and quote, with a counter so the same page can be asked twice. */
export type PaperJump = { page: number; seq: number; quote?: string };

/** A citation click: `[P2 p.4]` names the second paper of the session, which is opened before the jump. */
export function usePaperCite(docs: string[], openDoc: string | null, setOpenDoc: (id: string) => void) {
  const [jump, setJump] = useState<PaperJump | null>(null);
  const cite = (page: number, paper: number | null, quote?: string) => {
    if (paper && docs[paper - 1] && docs[paper - 1] !== openDoc) setOpenDoc(docs[paper - 1]!);
    setJump({ page, seq: Date.now(), ...(quote ? { quote } : {}) });
  };
  return { jump, cite };
}
