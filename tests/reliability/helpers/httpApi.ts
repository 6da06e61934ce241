import type { MethodInput, MethodName, MethodOutput } from "../../../shared/api.js";

/** An answer of the HTTP adapter, parsed; `body` is the JSON (or null when the body was not JSON). */
export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
}

/** A thin client of the server's routes; every request carries the bearer token. */
export class HttpApi {
  constructor(
    readonly origin: string,
    readonly token: string,
  ) {}

  /** Raw request: `body` is sent verbatim when a string, else JSON-encoded. */
  async request(method: "GET" | "POST", route: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    const init: RequestInit = { method, headers: { Authorization: `Bearer ${this.token}`, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)["Content-Type"] = "application/json";
    }
    const response = await fetch(`${this.origin}${route}`, init);
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text };
  }

  /** `POST /api/rpc/<method>`; throws with the server's error body on a non-200 answer. */
  async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
    const answer = await this.request("POST", `/api/rpc/${method}`, input);
    if (answer.status !== 200) throw new HttpApiError(method, answer);
    return answer.body as MethodOutput<M>;
  }
}

/** A non-200 answer of {@link HttpApi.call}. */
export class HttpApiError extends Error {
  constructor(
    readonly method: string,
    readonly answer: HttpAnswer,
  ) {
    super(`${method} → ${answer.status}: ${answer.text.slice(0, 500)}`);
    this.name = "HttpApiError";
  }
}
