import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../shared/events.js";
import { EventHub } from "./EventHub.js";

const event = (seq: number, type: "await_user" | "resumed" | "done"): EngineEvent =>
  ({ seq, sessionId: "s", ts: new Date(0).toISOString(), type, ...(type === "done" ? { summary: "" } : {}) }) as unknown as EngineEvent;

describe("EventHub", () => {
  it("delivers an event a listener publishes from inside a delivery after the one in hand, to every listener in seq order", () => {
    const hub = new EventHub();
    const first: number[] = [];
    const second: number[] = [];
    // The first listener answers a pause at once, as a client resuming on `await_user` does.
    hub.subscribe("s", 0, (e) => {
      first.push(e.seq);
      if (e.type === "await_user") hub.publish([event(2, "resumed")]);
      if (e.type === "resumed") hub.publish([event(3, "done")]);
    }, () => []);
    hub.subscribe("s", 0, (e) => second.push(e.seq), () => []);
    hub.publish([event(1, "await_user")]);
    expect(first).toEqual([1, 2, 3]);
    // Without the queue the second listener would get 2 before 1 and drop 1 (seq watermark).
    expect(second).toEqual([1, 2, 3]);
  });

  it("keeps delivering to the others when a listener throws, and can publish again afterwards", () => {
    const hub = new EventHub();
    const got: number[] = [];
    hub.subscribe("s", 0, () => {
      throw new Error("listener bug");
    }, () => []);
    hub.subscribe("s", 0, (e) => got.push(e.seq), () => []);
    const error = console.error;
    console.error = () => {};
    try {
      hub.publish([event(1, "await_user")]);
      hub.publish([event(2, "resumed")]);
    } finally {
      console.error = error;
    }
    expect(got).toEqual([1, 2]);
  });
});
