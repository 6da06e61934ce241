import { describe, expect, it } from "vitest";
import { zh } from "./zh.js";
import { en } from "./en.js";
import { listFeatures } from "../features/registry.js";
import { sessionMessages } from "../sessions/messages.js";
import type { FeatureMessages } from "./defineMessages.js";

/** Every message table the UI has: the shared dictionary, each feature's, and the session list's. */
function tables(): Array<[string, FeatureMessages<string>]> {
  const features = listFeatures().flatMap((f) => (f.messages ? [[`feature ${f.screen}`, f.messages] as [string, FeatureMessages<string>]] : []));
  return [["shared", { "zh-CN": zh, en }], ["sessions", sessionMessages], ...features];
}

describe("message tables", () => {
  it("have exactly the same keys in zh-CN and en (a CI check beside the compiler's)", () => {
    expect(tables().map(([name]) => name)).toEqual(expect.arrayContaining(["shared", "sessions", "feature studio", "feature docgen", "feature paper", "feature chat"]));
    for (const [name, messages] of tables()) {
      const zhKeys = Object.keys(messages["zh-CN"]).sort();
      const enKeys = Object.keys(messages.en).sort();
      expect({ name, missingInEn: zhKeys.filter((k) => !enKeys.includes(k)), missingInZh: enKeys.filter((k) => !zhKeys.includes(k)) }).toEqual({
        name,
        missingInEn: [],
        missingInZh: [],
      });
    }
  });

  it("leave no string empty and keep English free of Chinese", () => {
    const han = /\p{Script=Han}/u;
    for (const [name, messages] of tables()) {
      for (const [key, text] of Object.entries(messages.en)) {
        expect({ name, key, empty: text.trim() === "" && messages["zh-CN"][key]?.trim() !== "" }).toEqual({ name, key, empty: false });
        expect({ name, key, han: han.test(text) }).toEqual({ name, key, han: false });
      }
    }
  });

  it("keep English free of fullwidth punctuation and of a bare number before a plural noun ('1 sections')", () => {
    const fullwidth = /[\uFF01-\uFF0F\uFF1A-\uFF1F\u3001\u3002]/u;
    const barePlural = /(?:^|[^/\w])\{(?!words\})\w+\} (?:sections|materials|files|papers|words|modules|chunks|matches|citations|issues|changes)\b/;
    const problems: string[] = [];
    for (const [name, messages] of tables()) {
      for (const [key, text] of Object.entries(messages.en)) {
        if (fullwidth.test(text)) problems.push(`${name} ${key}: fullwidth punctuation in "${text}"`);
        if (barePlural.test(text)) problems.push(`${name} ${key}: "${text}" reads "1 …s" for one`);
      }
    }
    expect(problems).toEqual([]);
  });
});
