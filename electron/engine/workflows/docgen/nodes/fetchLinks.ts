import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { emit, runStep, summaryOf } from "../../common/nodeRuntime.js";
import type { DocgenDeps } from "../DocgenDeps.js";
import { CONTEXT_CHARS } from "../docgenText.js";
import { linkVerdict, pageText } from "../links/userLinks.js";
import type { DocgenState, DocgenUpdate } from "../state.js";

/**
 * The links the user gave (in the text, the notes or the extra context): each allowed one —
 * loopback or a configured intranet host — is fetched through the one HTTP client and its text
 * added to the context; every other link is refused without a request. Each gets a `link_checked`
 * event (the timeline's note). A failed fetch is a note too, never the end of the run.
 */
export function fetchLinksNode(deps: DocgenDeps) {
  return (state: DocgenState, config: LangGraphRunnableConfig): Promise<DocgenUpdate> =>
    runStep<DocgenUpdate>(config, { step: "fetch_links", agent: "researcher", label: "读取链接" }, async () => {
      if (!state.user_links.length) return { update: {}, ...summaryOf("noLinks", {}, "no links") };
      const hosts = await deps.intranetHosts();
      const pages: string[] = [];
      let refused = 0;
      for (const url of state.user_links) {
        const verdict = linkVerdict(url, hosts);
        if (!verdict.allowed) {
          refused++;
          emit(config, { type: "link_checked", url, status: "refused", detail: verdict.reason });
          continue;
        }
        try {
          const page = await deps.fetchLink(url, config.signal);
          if (page.status < 200 || page.status >= 300) throw new Error(`HTTP ${page.status}`);
          const text = pageText(page.contentType, page.text);
          pages.push(`链接内容（${url}）：\n${text}`);
          emit(config, { type: "link_checked", url, status: "fetched", detail: `${[...text].length} characters` });
        } catch (error) {
          if (config.signal?.aborted) throw error;
          emit(config, { type: "link_checked", url, status: "failed", detail: (error instanceof Error ? error.message : String(error)).slice(0, 200) });
        }
      }
      const context = pages.length ? [state.context, ...pages].filter(Boolean).join("\n\n").slice(0, CONTEXT_CHARS) : state.context;
      const failed = state.user_links.length - pages.length - refused;
      return { update: { context }, ...summaryOf("links", { fetched: pages.length, refused, failed }, `${pages.length} fetched, ${refused} refused, ${failed} failed`) };
    });
}
