/**
 * Remove secrets from text that came back from a server before it goes anywhere (an error
 * message, a `providers.test` preview, a log line): a careless endpoint may echo the request's
 * Authorization header in its error body. Each secret (4+ characters) becomes `[redacted]`.
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | null | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out;
}

/** Header values that carry credentials (`authorization`, `*key*`, `*token*`, `*secret*`, cookies). */
export function credentialHeaderValues(headers: Record<string, string>): string[] {
  return Object.entries(headers)
    .filter(([name]) => /authorization|key|token|secret|cookie/i.test(name))
    .flatMap(([, value]) => [value, value.replace(/^(Bearer|Basic|Token)\s+/i, "")]);
}
