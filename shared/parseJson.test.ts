import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ScriptoriumError } from "./errors.js";
import { JsonObjectSchema, JsonParseError, parseJson } from "./parseJson.js";

const Point = z.object({ x: z.number(), y: z.number() });
const thrown = (run: () => unknown): JsonParseError => {
  try {
    run();
  } catch (error) {
    return error as JsonParseError;
  }
  throw new Error("expected a throw");
};

describe("parseJson", () => {
  it("returns the schema's output for JSON of the expected shape", () => {
    expect(parseJson(Point, '{"x":1,"y":2,"z":3}', "a point")).toEqual({ x: 1, y: 2 });
    expect(parseJson(JsonObjectSchema, '{"a":[1]}', "a payload")).toEqual({ a: [1] });
  });

  it("names what it read and says the text is not JSON", () => {
    const error = thrown(() => parseJson(Point, '{"x":1,', "the point file"));
    expect(error).toBeInstanceOf(JsonParseError);
    expect(error).toBeInstanceOf(ScriptoriumError);
    expect(error.code).toBe("bad_request");
    expect(error.problem).toBe("not_json");
    expect(error.message).toMatch(/^the point file: is not valid JSON \(/);
    expect(error.details).toEqual({ what: "the point file", problem: "not_json" });
  });

  it("names the field that has the wrong shape, with the code the caller chose", () => {
    const error = thrown(() => parseJson(Point, '{"x":1,"y":"two"}', "a stored point", "internal"));
    expect(error.code).toBe("internal");
    expect(error.problem).toBe("invalid");
    expect(error.message).toMatch(/^a stored point: does not have the expected shape \(y: /);
  });

  it("refuses an array or null where an object is expected", () => {
    expect(thrown(() => parseJson(JsonObjectSchema, "[1,2]", "--json payload")).problem).toBe("invalid");
    expect(thrown(() => parseJson(JsonObjectSchema, "null", "--json payload")).problem).toBe("invalid");
  });
});
