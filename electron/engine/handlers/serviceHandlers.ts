import type { KnowledgePort } from "../knowledge/KnowledgePort.js";
import type { ProvidersPort } from "../search/ProvidersPort.js";
import type { CoreHandlers } from "./CoreHandlers.js";
import { requirePort } from "./requirePort.js";

type ServiceMethods = Extract<keyof CoreHandlers, `knowledge.${string}` | `providers.${string}`>;

/** `knowledge.*` (the library) and `providers.*` (search providers). */
export function serviceHandlers(knowledge: KnowledgePort | undefined, providers: ProvidersPort | undefined): Pick<CoreHandlers, ServiceMethods> {
  const library = () => requirePort(knowledge, "The knowledge base");
  const search = () => requirePort(providers, "Search providers");
  return {
    "knowledge.ingest": async (input) => library().ingest(input),
    "knowledge.search": async (input) => library().search(input),
    "knowledge.sources": async (input) => library().sources(input),
    "knowledge.deleteSource": async (input) => library().deleteSource(input),
    "knowledge.reindex": async (input) => library().reindex(input),
    "providers.list": async () => search().list(),
    "providers.save": async (input) => search().save(input),
    "providers.delete": async (input) => search().delete(input),
    "providers.test": async (input) => search().test(input),
    "providers.health": async () => (providers?.health ? providers.health() : { providers: [] }),
  };
}
