import type { CommandGroup } from "../../../shared/cli/CliContext.js";
import { expectArgs, usageError } from "../../../shared/cli/CliContext.js";

const USAGE = "usage: settings get | settings set <key> <json> | settings set-key openai <key> | settings clear-key openai";

/**
 * `settings get`, `settings set <key> <json>` (a dotted key such as `article.reviewThreshold`
 * patches one nested field), and `settings set-key openai <key>` / `settings clear-key openai`
 * for the OpenAI-compatible backend's API key, which goes to the secret store and is never printed.
 */
export const settingsCommand: CommandGroup = async (ctx) => {
  const api = await ctx.api();
  switch (ctx.args[0]) {
    case "get":
      expectArgs(ctx, 0, "settings get");
      ctx.out(JSON.stringify(await api.call("settings.get", {}), null, 2));
      return 0;
    case "set": {
      const [key, json] = expectArgs(ctx, 2, "settings set <key> <json>") as [string, string];
      let value: unknown;
      try {
        value = JSON.parse(json);
      } catch {
        throw usageError(`value for ${key} is not JSON (quote strings: '"en"')`);
      }
      const [top, ...rest] = key.split(".") as [string, ...string[]];
      let patchValue = value;
      if (rest.length > 0) {
        const current = (await api.call("settings.get", {})) as Record<string, unknown>;
        patchValue = setPath(structuredClone(current[top]) ?? {}, rest, value);
      }
      const settings = await api.call("settings.update", { [top]: patchValue });
      ctx.out(JSON.stringify(settings, null, 2));
      return 0;
    }
    case "set-key": {
      const [backend, apiKey] = expectArgs(ctx, 2, "settings set-key openai <key>") as [string, string];
      if (backend !== "openai") throw usageError(`only the "openai" backend takes an API key, got "${backend}"`);
      const { settings } = await api.call("settings.setApiKey", { backend, apiKey: apiKey.trim() });
      ctx.out(`API key saved (openai.hasKey: ${settings.openai.hasKey}).`);
      return 0;
    }
    case "clear-key": {
      const [backend] = expectArgs(ctx, 1, "settings clear-key openai") as [string];
      if (backend !== "openai") throw usageError(`only the "openai" backend takes an API key, got "${backend}"`);
      const { settings } = await api.call("settings.setApiKey", { backend, apiKey: null });
      ctx.out(`API key removed (openai.hasKey: ${settings.openai.hasKey}).`);
      return 0;
    }
    default:
      throw usageError(USAGE);
  }
};

function setPath(target: unknown, keys: string[], value: unknown): unknown {
  const [head, ...tail] = keys;
  if (head === undefined) return value;
  const obj = typeof target === "object" && target !== null ? (target as Record<string, unknown>) : {};
  obj[head] = setPath(obj[head], tail, value);
  return obj;
}
