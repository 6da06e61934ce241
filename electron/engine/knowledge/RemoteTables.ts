import * as lancedb from "@lancedb/lancedb";
import type { Collection } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { RemoteLibrary } from "./LibraryLocation.js";
import { remoteError, withCommitRetry } from "./remoteLibrary.js";

/**
 * The team-library side of the knowledge store: which collections live on object storage, one
 * LanceDB connection per remote URI, and the rules for them — a reader refuses every write, a
 * commit is retried on a conflict, and a store error names the location.
 */
export class RemoteTables {
  /** One connection per remote URI (collections may share one prefix). */
  private readonly remoteDbs = new Map<string, Promise<lancedb.Connection>>();

  constructor(private readonly remote: Partial<Record<Collection, RemoteLibrary>> | undefined) {}

  /** The remote location of a collection, or undefined for a local table. */
  remoteOf(collection: Collection): RemoteLibrary | undefined {
    return this.remote?.[collection];
  }

  /** The LanceDB connection a collection's table lives on: `local` unless the collection is remote. */
  connection(collection: Collection, local: lancedb.Connection): Promise<lancedb.Connection> {
    const remote = this.remoteOf(collection);
    if (!remote) return Promise.resolve(local);
    let pending = this.remoteDbs.get(remote.uri);
    if (!pending) {
      pending = lancedb.connect(remote.uri, {
        storageOptions: remote.storageOptions,
        // The writer sees its own commits at once; readers poll for the writer's at this interval.
        readConsistencyInterval: remote.role === "writer" ? 0 : remote.readConsistencySeconds,
      });
      this.remoteDbs.set(remote.uri, pending);
      pending.catch(() => this.remoteDbs.delete(remote.uri));
    }
    return pending;
  }

  /** A reader's write is refused before anything is sent to the store. */
  assertWritable(collection: Collection, action: string): void {
    const remote = this.remoteOf(collection);
    if (remote?.role !== "reader") return;
    throw new ScriptoriumError(
      "conflict",
      `This desk reads the team library ${remote.uri} and cannot ${action} it: only the writer (objectStore.role = "writer", ` +
        `or \`ingest --library ${remote.uri}\` on the writer's machine) changes it.`,
      { collection, uri: remote.uri, role: remote.role },
    );
  }

  /** A shared table is never dropped from a desk (a full re-index drops and re-creates a local one). */
  assertDroppable(collection: Collection): void {
    const remote = this.remoteOf(collection);
    if (!remote) return;
    throw new ScriptoriumError(
      "conflict",
      `The ${collection} index is the team library at ${remote.uri}; it is not dropped from a desk. ` +
        `Re-index it on the writer by pointing a new prefix at it, or delete its sources one by one.`,
      { collection },
    );
  }

  /** A commit: retried with backoff on a commit conflict (remote tables); store errors become typed ones. */
  write<T>(collection: Collection, commit: () => Promise<T>): Promise<T> {
    const remote = this.remoteOf(collection);
    if (!remote) return commit();
    return withCommitRetry(commit).catch((error: unknown) => {
      throw remoteError(error, remote, collection);
    });
  }

  /** A read of a remote table: an unreachable store becomes an `unavailable` naming the location. */
  read<T>(collection: Collection, work: () => Promise<T>): Promise<T> {
    const remote = this.remoteOf(collection);
    if (!remote) return work();
    return work().catch((error: unknown) => {
      throw remoteError(error, remote, collection);
    });
  }

  close(): void {
    for (const pending of this.remoteDbs.values()) void pending.then((db) => db.close()).catch(() => undefined);
    this.remoteDbs.clear();
  }
}
