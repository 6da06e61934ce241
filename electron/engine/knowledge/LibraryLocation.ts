import type { Collection } from "../../../shared/knowledge.js";
import type { Settings } from "../../../shared/models.js";
import { ScriptoriumError } from "../../../shared/errors.js";

/** Secret-store names of the object-store keys (the env's AWS_* variables are used when these are unset). */
export const S3_ACCESS_KEY_SECRET = "objectStore.accessKeyId";
export const S3_SECRET_KEY_SECRET = "objectStore.secretAccessKey";

/**
 * Where a collection's LanceDB table lives on object storage. `writer`: this process adds,
 * deletes, compacts and builds indexes; `reader`: it only searches, and sees the writer's commits
 * within `readConsistencySeconds`.
 */
export interface RemoteLibrary {
  uri: string;
  role: "writer" | "reader";
  storageOptions: Record<string, string>;
  readConsistencySeconds: number;
}

/** A location given for one run (`--library s3://…` on the CLI), over the settings. */
export interface LibraryOverride {
  collection: Collection;
  uri: string;
  role: "writer" | "reader";
}

const S3_URI = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[^\s]*)?$/;

/** Checks an `s3://bucket/prefix` URI; throws a `bad_request` naming the problem. Returns it without a trailing slash. */
export function parseLibraryUri(uri: string): { uri: string; bucket: string; prefix: string } {
  const trimmed = uri.trim().replace(/\/+$/, "");
  const match = S3_URI.exec(trimmed);
  if (!match) {
    throw new ScriptoriumError(
      "bad_request",
      `Not a library location: "${uri}". Use s3://bucket/prefix (bucket: 3–63 lower-case letters, digits, dots or dashes), or leave it empty for the local library.`,
      { uri },
    );
  }
  return { uri: trimmed, bucket: match[1]!, prefix: (match[2] ?? "").replace(/^\//, "") };
}

/**
 * The remote location of a collection, or null for the local table. Settings give the URI per
 * collection, endpoint, region and allow-HTTP; keys come from the secret store, else from the
 * standard AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (and AWS_ENDPOINT_URL / AWS_REGION when the
 * settings leave endpoint / region empty).
 */
export async function resolveRemoteLibrary(
  collection: Collection,
  settings: Settings,
  options: { override?: LibraryOverride | undefined; secret?: (name: string) => Promise<string | null | undefined>; env?: NodeJS.ProcessEnv },
): Promise<RemoteLibrary | null> {
  const store = settings.objectStore;
  const override = options.override?.collection === collection ? options.override : undefined;
  const uri = override?.uri ?? (collection === "rules" ? undefined : store.locations[collection]) ?? null;
  if (!uri) return null;
  const env = options.env ?? process.env;
  const parsed = parseLibraryUri(uri);
  const endpoint = store.endpoint ?? env.AWS_ENDPOINT_URL ?? env.AWS_ENDPOINT ?? null;
  const region = store.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? "us-east-1";
  const accessKeyId = (await options.secret?.(S3_ACCESS_KEY_SECRET)) ?? env.AWS_ACCESS_KEY_ID ?? null;
  const secretAccessKey = (await options.secret?.(S3_SECRET_KEY_SECRET)) ?? env.AWS_SECRET_ACCESS_KEY ?? null;
  const storageOptions: Record<string, string> = {
    awsRegion: region,
    // A dead endpoint is reported in seconds rather than after object_store's 3-minute retry budget.
    connect_timeout: "5s",
    timeout: "60s",
    client_max_retries: "3",
    client_retry_timeout: "20",
  };
  if (endpoint) storageOptions.awsEndpoint = endpoint;
  if (store.allowHttp || endpoint?.startsWith("http://")) storageOptions.allowHttp = "true";
  if (accessKeyId) storageOptions.awsAccessKeyId = accessKeyId;
  if (secretAccessKey) storageOptions.awsSecretAccessKey = secretAccessKey;
  return {
    uri: parsed.uri,
    role: override?.role ?? store.role,
    storageOptions,
    readConsistencySeconds: store.readConsistencySeconds,
  };
}

/** What identifies the remote locations: a change re-opens the knowledge service. */
export function remoteLibraryKey(settings: Settings, override: LibraryOverride | undefined): string {
  return JSON.stringify([settings.objectStore, override ?? null]);
}
