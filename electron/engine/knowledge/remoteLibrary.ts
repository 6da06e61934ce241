import { ScriptoriumError } from "../../../shared/errors.js";
import type { Collection } from "../../../shared/knowledge.js";
import type { RemoteLibrary } from "./LibraryLocation.js";

/**
 * Lance commits optimistically: a commit that lost the race to another writer's (compaction
 * against an append, two index builds) fails with a commit conflict and is safe to redo on the
 * new version. Compatible appends are rebased by Lance itself and never get here.
 */
const CONFLICT = /commit conflict|conflicting|retryable|preconditionfailed|precondition failed|concurrent/i;

export interface CommitRetryOptions {
  attempts?: number;
  /** First delay in ms; doubled each time, with jitter. */
  baseDelayMs?: number;
}

/** Runs a commit, retrying it with exponential backoff while it fails with a commit conflict. */
export async function withCommitRetry<T>(commit: () => Promise<T>, options: CommitRetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 6;
  const base = options.baseDelayMs ?? 150;
  for (let attempt = 1; ; attempt++) {
    try {
      return await commit();
    } catch (error) {
      if (attempt >= attempts || !isCommitConflict(error)) throw error;
      const delay = base * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export function isCommitConflict(error: unknown): boolean {
  return CONFLICT.test(error instanceof Error ? error.message : String(error));
}

/**
 * A store error as a typed one: our own errors pass through; a commit conflict left after the
 * retries is a `conflict`; anything else from the object store (refused connection, DNS, bad
 * keys, missing bucket) is `unavailable` naming the location, so the user knows which library
 * failed while the local ones keep working.
 */
export function remoteError(error: unknown, remote: RemoteLibrary, collection: Collection): ScriptoriumError {
  if (error instanceof ScriptoriumError) return error;
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 400);
  const details = { collection, uri: remote.uri, endpoint: remote.storageOptions.awsEndpoint ?? null };
  if (isCommitConflict(error)) {
    return new ScriptoriumError(
      "conflict",
      `Another writer kept changing the team library ${remote.uri} (${collection}); this change was not saved — run it again. (${message})`,
      details,
    );
  }
  return new ScriptoriumError(
    "unavailable",
    `The team library ${remote.uri} (${collection}) cannot be reached at ${details.endpoint ?? "the default S3 endpoint"}: ${message}`,
    details,
  );
}
