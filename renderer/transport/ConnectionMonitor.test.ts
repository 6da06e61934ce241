import { describe, expect, it } from "vitest";
import { ConnectionMonitor, type ConnectionState, type ProbeOutcome } from "./ConnectionMonitor.js";

/** A monitor whose probe answers what `server` says now, with short timers. */
function monitorOver(server: { answer: ProbeOutcome }) {
  let probes = 0;
  const monitor = new ConnectionMonitor({
    probe: async () => {
      probes++;
      if (server.answer === "down") throw new TypeError("fetch failed");
      return server.answer;
    },
    retryMs: 10,
    restoredMs: 40,
  });
  const seen: ConnectionState[] = [];
  monitor.subscribe((state) => seen.push(state));
  return { monitor, seen, probes: () => probes };
}

describe("ConnectionMonitor", () => {
  it("stays online when a dropped stream's probe finds the server", async () => {
    const { monitor, seen, probes } = monitorOver({ answer: "ok" });
    monitor.lost();
    await expect.poll(probes).toBe(1);
    expect(monitor.state).toBe("online");
    expect(seen).toEqual([]);
  });

  it("goes offline, keeps probing, then shows restored before online", async () => {
    const server = { answer: "down" as ProbeOutcome };
    const { monitor, seen, probes } = monitorOver(server);
    monitor.lost();
    monitor.lost(); // a second report while probing starts no second loop
    await expect.poll(() => monitor.state).toBe("offline");
    await expect.poll(probes).toBeGreaterThanOrEqual(3);
    server.answer = "ok";
    // `restored` shows for restoredMs, then `online`.
    await expect.poll(() => seen.at(-1)).toBe("online");
    expect(seen).toEqual(["offline", "restored", "online"]);
  });

  it("locks when the server refuses the token, and stays locked", async () => {
    const server = { answer: "down" as ProbeOutcome };
    const { monitor, seen } = monitorOver(server);
    monitor.lost();
    await expect.poll(() => monitor.state).toBe("offline");
    server.answer = "unauthorized";
    await expect.poll(() => monitor.state).toBe("locked");
    monitor.lost();
    monitor.reached();
    expect(monitor.state).toBe("locked");
    expect(seen).toEqual(["offline", "locked"]);
  });

  it("wakes a waiting stream as soon as the server answers again", async () => {
    const server = { answer: "down" as ProbeOutcome };
    const { monitor } = monitorOver(server);
    monitor.lost();
    await expect.poll(() => monitor.state).toBe("offline");
    const started = Date.now();
    const waited = monitor.wait(60_000, new AbortController().signal);
    server.answer = "ok";
    await waited;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
