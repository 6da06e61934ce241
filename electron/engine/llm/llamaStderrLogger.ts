import { LlamaLogLevel } from "node-llama-cpp";

/**
 * The logger every `getLlama` of the engine passes: llama.cpp's native log lines (a refused
 * grammar, "init: embeddings required …") go to stderr, never stdout. node-llama-cpp's default
 * logger prints info-level lines with console.info (stdout) and its progress dots to stdout, which
 * broke `… --json | jq`. The native binding is shared, so one getLlama with the default logger
 * would route every instance's logs to stdout: all three (chat, embeddings, reranker) use this.
 */
export function llamaStderrLogger(level: LlamaLogLevel, message: string): void {
  if (level === LlamaLogLevel.disabled) return;
  const text = message.endsWith("\n") ? message : `${message}\n`;
  process.stderr.write(`[llama.cpp ${level}] ${text}`);
}

/** The log level the engine's llama.cpp instances keep (errors only; tests and the app stay quiet). */
export const ENGINE_LLAMA_LOG_LEVEL = LlamaLogLevel.error;
