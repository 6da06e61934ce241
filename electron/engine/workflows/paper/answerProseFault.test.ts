import { describe, expect, it } from "vitest";
import { answerProseFault, proseOf } from "./answerProseFault.js";
import { chatExample, chatPrompt } from "./prompts.js";

// The eval's Chinese paper (zh-irrigation, page 1) and its Kestrel paper (page 2): what the model read.
const ZH_PAPER = "每 2 公顷布设 1 个传感节点，在 20 厘米和 40 厘米两个深度测量体积含水量，每 30 分钟上报一次。调度器根据未来 3 天的天气预报和作物系数计算需水量。";
const EN_PAPER = "The base model is a streaming Conformer with 16 layers, a model dimension of 256 and 4 attention heads. Each chunk covers 320 milliseconds of audio.";
const shown = (locale: "zh" | "en") => [chatExample(locale), chatPrompt(locale, { title: "", passages: "", question: "", selected: "", history: "" }).system];
const zh = (answer: string) => answerProseFault(answer, { locale: "zh", shown: shown("zh"), grounding: `${ZH_PAPER}\n节点多久上报一次数据？` });
const en = (answer: string) => answerProseFault(answer, { locale: "en", shown: shown("en"), grounding: `${EN_PAPER}\nHow long is each audio chunk?` });

describe("answerProseFault: the model's own words beside a quote that passed the gate", () => {
  it("passes an answer that copies the paper's sentence, in either language", () => {
    expect(zh("节点每 30 分钟上报一次数据 [p.1 「每 30 分钟上报一次」]。")).toBeNull();
    expect(zh("每 30 分钟上报一次 [p.1]。")).toBeNull();
    expect(en("Each chunk covers 320 milliseconds of audio [p.2].")).toBeNull();
    expect(en('The encoder has 16 layers [p.2 "streaming Conformer with 16 layers"].')).toBeNull();
  });

  it("rejects words in another language than the question's before a verified quote (the SmolLM2 shape)", () => {
    const fault = zh("The node reports the data to the server every day and night [p.1 「每 30 分钟上报一次」]。");
    expect(fault).toMatchObject({ reason: "language" });
    expect(en("每个音频块的长度是三百毫秒 [p.2].")).toMatchObject({ reason: "language" });
  });

  it("rejects Chinese words from nowhere before a verified quote", () => {
    expect(zh("苹果香蕉飞机大炮跑步唱歌 [p.1 「每 30 分钟上报一次」]。")).toMatchObject({ reason: "ungrounded" });
  });

  it("rejects a reply that repeats the prompt's example, its instructions or its labels", () => {
    expect(zh(`${chatExample("zh")} 每 30 分钟上报一次 [p.1]。`)).toMatchObject({ reason: "echo" });
    expect(en("Never invent numbers, names or findings. Each chunk covers 320 milliseconds of audio [p.2].")).toMatchObject({ reason: "echo" });
    expect(en("Each chunk covers 320 milliseconds of audio [p.2].\nQuestion: How many layers?")).toMatchObject({ reason: "echo" });
    expect(zh("通运节点上报一次数据？[p.1 「每 30 分钟上报一次」]")).toMatchObject({ reason: "echo" });
  });

  it("rejects a loop and symbols", () => {
    expect(zh("上报一次上报一次上报一次上报一次上报一次上报一次上报一次上报一次上报一次上报一次 [p.1]。")).toMatchObject({ reason: "loop" });
    expect(en("Each chunk ▒▒▒ ◆◆◆ ■■■ ☺☺ covers [p.2].")).toMatchObject({ reason: "gibberish" });
  });

  it("reads only the model's words: citation tags and the gate's marks are not prose", () => {
    expect(proseOf('Each chunk [p.2 "covers 320 milliseconds"] lasts.（原文未找到依据）')).not.toMatch(/covers|原文未找到依据|p\.2/);
  });
});
