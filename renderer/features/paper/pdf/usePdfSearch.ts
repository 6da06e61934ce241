import { useMemo, useState } from "react";
import { matchQuote } from "./matchQuote.js";

/** Search in the document over the paper's stored page text (the same text the text layer holds). */
export function usePdfSearch(pages: ReadonlyArray<{ page: number; text: string }>) {
  const [search, setSearchText] = useState("");
  const [hit, setHit] = useState(-1);
  const hits = useMemo(() => {
    const query = search.trim();
    return query ? pages.filter((page) => matchQuote([page.text], query)).map((page) => page.page) : [];
  }, [pages, search]);
  const setSearch = (text: string) => {
    setSearchText(text);
    setHit(-1);
  };
  return { search, setSearch, hits, hit, setHit };
}
