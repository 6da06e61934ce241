import { Fragment, memo, useDeferredValue, useMemo } from "react";
import Markdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { remarkCitations, CITATION_HREF_PREFIX } from "./remarkCitations.js";
import { safeHref } from "./safeHref.js";
import { splitMarkdownBlocks } from "./splitMarkdownBlocks.js";
import { useApp, useT } from "../../store/StoreProvider.js";
import type { Translate } from "../../i18n/translate.js";

const REMARK_PLUGINS = [remarkGfm, remarkCitations];

/**
 * Renders a draft safely: raw HTML is skipped (never parsed into the DOM), links are limited to
 * http(s)/mailto and open outside the app, images are never fetched (a remote image would leak
 * the reader's presence), and `[m001]` citations become chips that open the material.
 *
 * The draft is cut into top-level blocks, each parsed by its own memoized component: while a
 * 20 000-character draft streams in, only the blocks still growing are parsed again, and the
 * render runs at deferred (interruptible) priority so typing and clicks never wait behind it.
 * Memoized: the pane around it re-renders on every store change, the view only when its text does.
 */
export const MarkdownView = memo(function MarkdownView({ markdown }: { markdown: string }) {
  const t = useT();
  const openMaterial = useApp((s) => s.openMaterial);
  const components = useMemo(() => markdownComponents(t, openMaterial), [t, openMaterial]);
  const deferred = useDeferredValue(markdown);
  const blocks = useMemo(() => splitMarkdownBlocks(deferred), [deferred]);
  return (
    <div className="markdown" data-testid="markdown-view">
      {blocks.map((block, i) => (
        // The newline between blocks is what react-markdown puts between top-level elements, so
        // the DOM (and its textContent) is the same as rendering the whole draft at once.
        <Fragment key={block.key}>
          {i > 0 && "\n"}
          <MarkdownBlockView markdown={block.markdown} components={components} />
        </Fragment>
      ))}
    </div>
  );
});

/**
 * One block of a draft; React skips it while its text and components are unchanged. Exported for
 * the equivalence test (blocks rendered one by one = the whole draft rendered at once).
 */
export const MarkdownBlockView = memo(function MarkdownBlockView({ markdown, components }: { markdown: string; components: Components }) {
  return (
    <Markdown remarkPlugins={REMARK_PLUGINS} skipHtml components={components} urlTransform={urlTransform}>
      {markdown}
    </Markdown>
  );
});

/** The element overrides: citation chips, safe links, blocked images. */
export function markdownComponents(t: Translate, openMaterial: (id: string) => void): Components {
  return {
    a({ href, children }) {
      if (href?.startsWith(CITATION_HREF_PREFIX)) {
        const id = href.slice(CITATION_HREF_PREFIX.length);
        return (
          <button type="button" className="cite-chip" aria-label={t("draft.citation", { id })} onClick={() => openMaterial(id)}>
            {id}
          </button>
        );
      }
      const target = safeHref(href);
      if (!target) return <span className="link-dropped">{children}</span>;
      return (
        <a href={target} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer">
          {children}
        </a>
      );
    },
    img({ alt }) {
      return <span className="img-blocked">{t("draft.imageBlocked", { alt: alt ?? "" })}</span>;
    },
  };
}

/** react-markdown's URL filter, letting internal citation anchors through. */
export function urlTransform(url: string): string {
  // Citation anchors are internal; everything else goes through react-markdown's own filter first.
  return url.startsWith(CITATION_HREF_PREFIX) ? url : defaultUrlTransform(url);
}

/** The remark plugins every rendered draft uses. */
export { REMARK_PLUGINS };
