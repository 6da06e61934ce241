import { assertNever } from "../../../shared/errors.js";
import type { Settings } from "../../../shared/models.js";
import type { LlmClient } from "./LlmClient.js";
import { LlamaCppProvider } from "./LlamaCppProvider.js";
import type { LlmService } from "./LlmService.js";
import { OllamaProvider } from "./OllamaProvider.js";
import { OpenAICompatibleProvider } from "./OpenAICompatibleProvider.js";
import type { RemoteTimeouts } from "./remoteRequest.js";

/** Where stored secrets come from (the app db's encrypted store); only `openai.apiKey` is read. */
export interface LlmSecrets {
  get(name: string): Promise<string | null | undefined> | string | null | undefined;
}

export interface LlmClientDeps {
  /** Owner of the in-process model; the `llamacpp` backend uses whatever it has loaded. */
  llmService: LlmService;
  secrets?: LlmSecrets;
  /** Timeouts for the remote backends. */
  timeouts?: RemoteTimeouts;
}

/** Secret name of the OpenAI-compatible bearer key. */
export const OPENAI_API_KEY_SECRET = "openai.apiKey";

/**
 * The LlmClient for `settings.backend`. Cheap: build a new one whenever settings change. For
 * `llamacpp` the model itself is loaded separately with `llmService.load(...)`.
 */
export function createLlmClient(settings: Pick<Settings, "backend" | "ollama" | "openai">, deps: LlmClientDeps): LlmClient {
  switch (settings.backend) {
    case "llamacpp":
      return new LlamaCppProvider(deps.llmService);
    case "ollama":
      return new OllamaProvider({ ...settings.ollama, timeouts: deps.timeouts });
    case "openai": {
      const secrets = deps.secrets;
      return new OpenAICompatibleProvider({
        baseUrl: settings.openai.baseUrl,
        model: settings.openai.model,
        apiKey: settings.openai.hasKey && secrets ? () => secrets.get(OPENAI_API_KEY_SECRET) : null,
        timeouts: deps.timeouts,
      });
    }
    default:
      return assertNever(settings.backend);
  }
}
