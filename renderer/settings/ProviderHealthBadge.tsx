import { useEffect, useState } from "react";
import type { MethodOutput } from "../../shared/api.js";
import { useApp, useT } from "../store/StoreProvider.js";

type Health = MethodOutput<"providers.health">["providers"][number];

/** Each provider's health check (`providers.health`, the same the HTTP health route reports), once per mount. */
export function useProviderHealth(): Map<string, Health> {
  const api = useApp((s) => s.api);
  const [health, setHealth] = useState<Map<string, Health>>(new Map());
  useEffect(() => {
    let live = true;
    api.call("providers.health", {}).then(
      (result) => live && setHealth(new Map(result.providers.map((p) => [p.name, p]))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return health;
}

/** A status badge: green when the provider's health check passed, amber with its message when not. */
export function ProviderHealthBadge({ health }: { health: Health | undefined }) {
  const t = useT();
  if (!health) return null;
  return (
    <span className={`badge ${health.ok ? "badge--ok" : "badge--warn"}`} title={health.message} data-provider-health={health.ok ? "ok" : "down"}>
      {health.ok ? t("providers.health.ok") : t("providers.health.down", { m: health.message.slice(0, 60) })}
    </span>
  );
}
