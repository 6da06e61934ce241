import { setTimeout as sleep } from "node:timers/promises";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { Material } from "../../../shared/knowledge.js";
import { ProviderConfigSchema, type ProviderConfig } from "../../../shared/providers.js";
import { CircuitBreaker, type CircuitBreakerOptions } from "../io/CircuitBreaker.js";
import { backoffDelay, parseRetryAfter } from "../io/retryPolicy.js";
import { credentialHeaderValues, redactSecrets } from "../io/redactSecrets.js";
import { Semaphore } from "../io/Semaphore.js";
import { HttpFailure, httpRequest, type HttpResponse } from "../io/httpClient.js";
import { buildGetUrl, fillJsonTemplate, mapResults, type MappedResults, type TemplateValues } from "./providerMapping.js";
import type { ProviderHealth, SearchOptions, SearchProvider } from "./SearchProvider.js";

export interface IntranetHttpProviderOptions {
  config: ProviderConfig;
  /** Bearer key from the SecretStore; sent as `Authorization: Bearer <key>` unless a header sets it. */
  apiKey?: string | null;
  /** Attempts per search including the first; default 3 (Google SRE: at most three). */
  maxAttempts?: number;
  /** Full-jitter backoff: random(0, min(capMs, baseMs·2^n)); defaults 250 ms and 4 s. Retry-After is honoured up to capMs. */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  breaker?: CircuitBreakerOptions;
  /** Requests in flight at once to this endpoint; more wait their turn. Default 4. */
  maxConcurrent?: number;
}

/** What the settings "测试连接" button shows. */
export interface ProviderTestResult {
  ok: boolean;
  /** The parsed response (or its first 2 000 characters when it is not JSON); null when none came. */
  raw: unknown;
  materials: Material[];
  dropped: number;
  error: string | null;
  elapsedMs: number;
}

interface Exchange {
  response: HttpResponse;
  json: unknown;
}

/** A failure worth another attempt (timeouts, cuts, 5xx, 408, 429) vs one that will not change. */
class AttemptError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
    readonly raw: unknown = null,
  ) {
    super(message);
  }
}

/**
 * A declarative intranet search endpoint (ProviderConfig): fills the body template, calls the
 * endpoint with explicit timeouts and a size cap, retries transient failures with jittered
 * backoff, maps and validates every item, and trips a circuit breaker when the endpoint is down.
 */
export class IntranetHttpProvider implements SearchProvider {
  readonly name: string;
  readonly sourceType = "intranet";
  readonly config: ProviderConfig;
  readonly breaker: CircuitBreaker;
  private readonly apiKey: string | null;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffCapMs: number;
  private readonly bulkhead: Semaphore;

  constructor(options: IntranetHttpProviderOptions) {
    this.config = ProviderConfigSchema.parse(options.config);
    this.name = this.config.name;
    this.apiKey = options.apiKey ?? null;
    this.maxAttempts = Math.max(1, Math.min(3, options.maxAttempts ?? 3));
    this.backoffBaseMs = options.backoffBaseMs ?? 250;
    this.backoffCapMs = options.backoffCapMs ?? 4_000;
    this.breaker = new CircuitBreaker(options.breaker);
    this.bulkhead = new Semaphore(Math.max(1, options.maxConcurrent ?? 4));
  }

  /** Search; throws ScriptoriumError `unavailable` (details.provider) on failure, `aborted` on cancel. */
  async search(query: string, options: SearchOptions): Promise<Material[]> {
    if (!this.breaker.tryAcquire()) {
      throw new ScriptoriumError("unavailable", `Search provider ${this.name} is paused after repeated failures; retrying in ${Math.ceil(this.breaker.retryInMs() / 1000)} s.`, {
        provider: this.name,
        breaker: "open",
      });
    }
    try {
      const result = await this.run(query, options);
      this.breaker.onSuccess();
      return result.materials;
    } catch (error) {
      if (options.signal?.aborted) {
        this.breaker.onCancel();
        throw new ScriptoriumError("aborted", "Search cancelled.");
      }
      this.breaker.onFailure();
      throw this.toError(error);
    }
  }

  /** One real search (no breaker) for the settings button: everything the user needs to fix a field map. */
  async test(query: string, limit = 5): Promise<ProviderTestResult> {
    const started = performance.now();
    let raw: unknown = null;
    try {
      const result = await this.run(query, { limit }, (json) => (raw = json));
      const error = result.dropped > 0 && result.materials.length === 0 ? `All ${result.dropped} items were dropped: ${result.dropReasons.join(" | ")}` : null;
      return { ok: error === null, raw, materials: result.materials, dropped: result.dropped, error, elapsedMs: Math.round(performance.now() - started) };
    } catch (error) {
      if (error instanceof AttemptError && error.raw !== null) raw = error.raw;
      return { ok: false, raw, materials: [], dropped: 0, error: this.toError(error).message, elapsedMs: Math.round(performance.now() - started) };
    }
  }

  /** A one-result query with a single attempt; reports, never throws. */
  async healthCheck(): Promise<ProviderHealth> {
    const started = performance.now();
    try {
      const result = await this.run("health check", { limit: 1 }, undefined, 1);
      return { ok: true, message: `OK: ${result.materials.length} result(s).`, elapsedMs: Math.round(performance.now() - started) };
    } catch (error) {
      return { ok: false, message: this.toError(error).message, elapsedMs: Math.round(performance.now() - started) };
    }
  }

  private async run(query: string, options: SearchOptions, onRaw?: (json: unknown) => void, attempts = this.maxAttempts): Promise<MappedResults> {
    const values: TemplateValues = { query, maxResults: options.limit, dateFrom: options.dateFrom, dateTo: options.dateTo };
    const { json } = await this.bulkhead.run(() => this.withRetries(values, options.signal, attempts), options.signal);
    onRaw?.(json);
    const mapped = mapResults(json, this.config, this.sourceType);
    return { ...mapped, materials: mapped.materials.slice(0, options.limit) };
  }

  private async withRetries(values: TemplateValues, signal: AbortSignal | undefined, attempts: number): Promise<Exchange> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.exchange(values, signal);
      } catch (error) {
        const retryable = error instanceof AttemptError && error.retryable;
        if (!retryable || attempt >= attempts || signal?.aborted) throw error;
        const delay = backoffDelay(attempt, { baseMs: this.backoffBaseMs, capMs: this.backoffCapMs }, (error as AttemptError).retryAfterMs);
        await sleep(delay, undefined, { signal }).catch(() => undefined);
        if (signal?.aborted) throw error;
      }
    }
  }

  private async exchange(values: TemplateValues, signal: AbortSignal | undefined): Promise<Exchange> {
    const { config } = this;
    const headers: Record<string, string> = { accept: "application/json", "user-agent": "Scriptorium", ...config.headers };
    const hasAuthorization = Object.keys(headers).some((key) => key.toLowerCase() === "authorization");
    if (this.apiKey && !hasAuthorization) headers.authorization = `Bearer ${this.apiKey}`;
    let url = config.baseUrl;
    let body: string | undefined;
    if (config.method === "GET") url = buildGetUrl(config.baseUrl, config.bodyTemplate, values);
    else {
      body = fillJsonTemplate(config.bodyTemplate, values);
      if (!Object.keys(headers).some((key) => key.toLowerCase() === "content-type")) headers["content-type"] = "application/json; charset=utf-8";
    }
    let response: HttpResponse;
    try {
      response = await httpRequest({
        url,
        method: config.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        limits: { ...config.timeouts, maxBytes: config.maxResponseBytes },
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (error instanceof HttpFailure) throw new AttemptError(error.message, error.retryable);
      throw error;
    }
    // What the endpoint sent back never carries our credentials on (an echoed Authorization header).
    response = { ...response, text: redactSecrets(response.text, [this.apiKey, ...credentialHeaderValues(headers)]) };
    const { status } = response;
    const snippet = response.text.slice(0, 2_000);
    if (status < 200 || status >= 300) {
      const retryable = status >= 500 || status === 408 || status === 429;
      throw new AttemptError(`HTTP ${status} from ${this.name}${snippet ? `: ${snippet.slice(0, 200)}` : ""}`, retryable, parseRetryAfter(response.headers["retry-after"]), snippet);
    }
    try {
      return { response, json: JSON.parse(response.text) as unknown };
    } catch (error) {
      throw new AttemptError(`Malformed JSON from ${this.name}: ${(error as Error).message}`, false, null, snippet);
    }
  }

  private toError(error: unknown): ScriptoriumError {
    if (error instanceof ScriptoriumError) {
      return error.code === "unavailable" || error.code === "bad_request" || error.code === "aborted"
        ? error
        : new ScriptoriumError("unavailable", error.message, { provider: this.name });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new ScriptoriumError("unavailable", `Search provider ${this.name} failed: ${message}`, { provider: this.name });
  }
}
