import type * as lancedb from "@lancedb/lancedb";
import type { Collection } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import { MODEL_ID_KEY } from "./IndexedChunk.js";
import type { RemoteLibrary } from "./LibraryLocation.js";
import type { RemoteTables } from "./RemoteTables.js";

/** What opening a shared table needs from the knowledge store that owns its handles. */
export interface RemoteTableHost {
  remotes: RemoteTables;
  /** The embedding model this desk's vectors come from. */
  modelId: string;
  /** The table, or why it cannot be used as it is: `new`, `corrupt: …`, `model changed: …`. */
  tryOpen(collection: Collection): Promise<lancedb.Table | string>;
  /** Creates the table empty, or opens the one another writer created first (see createShared). */
  createTable(collection: Collection, mode: "create"): Promise<lancedb.Table>;
  /** Publishes (a table) or forgets (undefined) the store's handle of the collection. */
  setTable(collection: Collection, table: lancedb.Table | undefined): void;
  /** Refills the collection from this desk's app.db. */
  rebuild?: (collection: Collection) => Promise<void>;
}

/** What a dataset with no committed version yet says when opened (lance's "_versions" listing). */
const CREATE_IN_FLIGHT = /^corrupt: .*_versions/s;
/** About 6 s of waiting in all (100 ms doubling), longer than any first commit of an empty table. */
const CREATE_WAITS = 6;

/**
 * A shared table: opened (and checked for the embedding model) or, by the writer only, created
 * when missing — and filled from this desk's app.db, so a writer moving its library to object
 * storage uploads it. Nothing here drops a shared table.
 */
export async function openRemoteTable(host: RemoteTableHost, collection: Collection, remote: RemoteLibrary): Promise<lancedb.Table> {
  const where = `${remote.uri}/${collection}.lance`;
  let reason = await host.remotes.read(collection, () => host.tryOpen(collection));
  // Another writer's create in flight: the listing already shows the table's folder, but its first
  // version is not committed yet ("…/_versions not found"). Wait for that commit rather than call
  // the half-made table corrupt.
  for (let attempt = 0; typeof reason === "string" && CREATE_IN_FLIGHT.test(reason) && attempt < CREATE_WAITS; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    reason = await host.remotes.read(collection, () => host.tryOpen(collection));
  }
  if (typeof reason !== "string") return reason;
  if (reason.startsWith("model changed")) {
    throw new ScriptoriumError(
      "conflict",
      `The team library ${where} was built with another embedding model (${reason.slice("model changed: ".length)}); ` +
        `set this desk's embedding model to the one the writer uses.`,
      { collection, uri: remote.uri },
    );
  }
  if (reason.startsWith("corrupt")) {
    throw new ScriptoriumError("unavailable", `The team library ${where} cannot be opened: ${reason.slice("corrupt: ".length)}`, { collection, uri: remote.uri });
  }
  if (remote.role === "reader") {
    throw new ScriptoriumError(
      "not_found",
      `No team library at ${where} yet: the writer's first import creates it (this desk reads only).`,
      { collection, uri: remote.uri },
    );
  }
  // Two writers starting at once both land here: the later create opens the winner's table, or
  // (when it raced past Lance's check) restores the rows it replaced.
  const table = await host.remotes.write(collection, () => host.createTable(collection, "create"));
  const schema = await table.schema();
  if (schema.metadata.get(MODEL_ID_KEY) !== host.modelId) {
    table.close();
    host.setTable(collection, undefined);
    return openRemoteTable(host, collection, remote);
  }
  host.setTable(collection, table);
  if (host.rebuild) await host.rebuild(collection);
  return table;
}
