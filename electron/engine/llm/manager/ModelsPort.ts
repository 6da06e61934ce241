import type { z } from "zod";
import type { LoadedModelSchema, MethodOutput, MethodParsedInput } from "../../../../shared/api.js";

type Ok = { ok: true };

/**
 * Ports: what the Engine facade asks of services other engineers own. Each method takes the input
 * already parsed by the contract's zod schema. A port may have `dispose()`; the engine calls it on quit.
 */
export interface ModelsPort {
  list(): Promise<MethodOutput<"models.list">>;
  import(input: MethodParsedInput<"models.import">): Promise<MethodOutput<"models.import">>;
  download(input: MethodParsedInput<"models.download">): Promise<MethodOutput<"models.download">>;
  cancelDownload(input: MethodParsedInput<"models.cancelDownload">): Promise<Ok>;
  pauseDownload(input: MethodParsedInput<"models.pauseDownload">): Promise<Ok>;
  resumeDownload(input: MethodParsedInput<"models.resumeDownload">): Promise<Ok>;
  /** Optional: validate and apply a model choice; without it the engine just updates the settings. */
  select?(input: MethodParsedInput<"models.select">): Promise<MethodOutput<"models.select">>;
  /** The OpenAI-compatible endpoint's model names (its `/models`); absent → `unavailable`. */
  remote?(input?: MethodParsedInput<"models.remote">): Promise<MethodOutput<"models.remote">>;
  /** The model currently loaded, for `health`. */
  loaded?(): z.infer<typeof LoadedModelSchema> | null;
  dispose?(): Promise<void> | void;
}
