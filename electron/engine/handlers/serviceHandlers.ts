import type { KnowledgePort } from "../knowledge/KnowledgePort.js";
import type { ProvidersPort } from "../search/ProvidersPort.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { CoreHandlers } from "./CoreHandlers.js";
import { requirePort } from "./requirePort.js";

type ServiceMethods = Extract<keyof CoreHandlers, `knowledge.${string}` | `providers.${string}`>;

/** `knowledge.*` (the library) and `providers.*` (search providers). */
export function serviceHandlers(knowledge: KnowledgePort | undefined, providers: ProvidersPort | undefined): Pick<CoreHandlers, ServiceMethods> {
  const library = () => requirePort(knowledge, "The knowledge base");
  /** A folder-binding method of the knowledge port, bound to it; `unavailable` when the port has none. */
  const folderMethod = <K extends "bindFolder" | "unbindFolder" | "pauseFolder" | "resumeFolder">(name: K): NonNullable<KnowledgePort[K]> => {
    const method = library()[name];
    if (!method) throw new ScriptoriumError("unavailable", "Folder-bound collections are not configured.");
    return method.bind(knowledge) as NonNullable<KnowledgePort[K]>;
  };
  const search = () => requirePort(providers, "Search providers");
  return {
    "knowledge.ingest": async (input) => library().ingest(input),
    "knowledge.search": async (input) => library().search(input),
    "knowledge.sources": async (input) => library().sources(input),
    "knowledge.deleteSource": async (input) => library().deleteSource(input),
    "knowledge.reindex": async (input) => library().reindex(input),
    "knowledge.bindFolder": async (input) => folderMethod("bindFolder")(input),
    "knowledge.unbindFolder": async (input) => folderMethod("unbindFolder")(input),
    "knowledge.pauseFolder": async (input) => folderMethod("pauseFolder")(input),
    "knowledge.resumeFolder": async (input) => folderMethod("resumeFolder")(input),
    "knowledge.folders": async () => (knowledge?.folders ? knowledge.folders() : { folders: [] }),
    "providers.list": async () => search().list(),
    "providers.save": async (input) => search().save(input),
    "providers.delete": async (input) => search().delete(input),
    "providers.test": async (input) => search().test(input),
    "providers.health": async () => (providers?.health ? providers.health() : { providers: [] }),
  };
}
