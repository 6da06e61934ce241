import Markdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { remarkCitations, CITATION_HREF_PREFIX } from "./remarkCitations.js";
import { safeHref } from "./safeHref.js";
import { useApp, useT } from "../../store/StoreProvider.js";

const REMARK_PLUGINS = [remarkGfm, remarkCitations];

/**
 * Renders a draft safely: raw HTML is skipped (never parsed into the DOM), links are limited to
 * http(s)/mailto and open outside the app, images are never fetched (a remote image would leak
 * the reader's presence), and `[m001]` citations become chips that open the material.
 */
export function MarkdownView({ markdown }: { markdown: string }) {
  const t = useT();
  const openMaterial = useApp((s) => s.openMaterial);
  const components: Components = {
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
  return (
    <div className="markdown" data-testid="markdown-view">
      <Markdown remarkPlugins={REMARK_PLUGINS} skipHtml components={components} urlTransform={urlTransform}>
        {markdown}
      </Markdown>
    </div>
  );
}

function urlTransform(url: string): string {
  // Citation anchors are internal; everything else goes through react-markdown's own filter first.
  return url.startsWith(CITATION_HREF_PREFIX) ? url : defaultUrlTransform(url);
}
