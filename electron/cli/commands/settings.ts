import type { CommandGroup } from "../CliContext.js";
import { expectArgs, usageError } from "../CliContext.js";

/** `settings get` and `settings set <key> <json>`; a dotted key (`article.reviewThreshold`) patches one nested field. */
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
    default:
      throw usageError("usage: settings get | settings set <key> <json>");
  }
};

function setPath(target: unknown, keys: string[], value: unknown): unknown {
  const [head, ...tail] = keys;
  if (head === undefined) return value;
  const obj = typeof target === "object" && target !== null ? (target as Record<string, unknown>) : {};
  obj[head] = setPath(obj[head], tail, value);
  return obj;
}
