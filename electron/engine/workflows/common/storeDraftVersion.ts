import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { DraftVersion } from "../../../../shared/documents.js";
import type { VersionStore } from "../../storage/VersionStore.js";
import { emit } from "./nodeRuntime.js";

export interface DraftToStore {
  markdown: string;
  reason: DraftVersion["reason"];
  /** The version the state held before (null before the first draft). */
  after: number | null;
  /** The document's title, for `draft_ready.title`. */
  title: string;
  /** Revision rounds so far, for `draft_ready.revision_count`. */
  revisionCount: number;
}

/**
 * Store a draft as a new version and emit `draft_ready`. Idempotent across a crash between the
 * store and the checkpoint: when the newest version is already this markdown with this reason and
 * newer than the state's version, that version is reused instead of adding a duplicate.
 */
export function storeDraftVersion(versions: VersionStore, sessionId: string, draft: DraftToStore, config: LangGraphRunnableConfig): DraftVersion {
  const latest = versions.latest(sessionId);
  const reuse = latest && latest.markdown === draft.markdown && latest.version.reason === draft.reason && latest.version.number > (draft.after ?? 0);
  const version = reuse ? latest.version : versions.add(sessionId, { markdown: draft.markdown, reason: draft.reason });
  emit(config, { type: "draft_ready", version, markdown: draft.markdown, title: draft.title, revision_count: draft.revisionCount });
  return version;
}
