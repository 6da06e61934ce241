import { describe, expect, it } from "vitest";
import { OUTLINE_EXAMPLES } from "./prompts.js";
import { withoutOutlineEcho } from "./outlineEcho.js";

const copyOf = (example: typeof OUTLINE_EXAMPLES.zh) => ({ title: example.title, sections: example.sections.map((s) => ({ ...s })) });

const REDIS = "本地缓存服务部署说明\n缓存服务用 Redis 7，端口 6379。部署前先安装 Docker，然后运行 docker compose up -d。数据每天凌晨备份一次。";

describe("withoutOutlineEcho", () => {
  it("finds Gemma's real answer, the example itself for a Redis topic, copied whole", () => {
    const cut = withoutOutlineEcho(copyOf(OUTLINE_EXAMPLES.zh), OUTLINE_EXAMPLES.zh, REDIS);
    expect(cut.copied).toBe(true);
    expect(cut.echoes).toBe(4);
    expect(cut.outline).toEqual({ title: "", sections: [] });
  });

  it("keeps the model's own sections, an ordinary title like the example's (概述) with its own scope included", () => {
    const own = {
      title: "Redis 缓存部署说明",
      sections: [
        { title: "概述", scope: "缓存服务的用途与版本" },
        { title: "部署步骤", scope: "安装 Docker 并启动容器" },
      ],
    };
    expect(withoutOutlineEcho(own, OUTLINE_EXAMPLES.zh, REDIS)).toEqual({ outline: own, echoes: 0, copied: false });
  });

  it("drops the example's sections and schema descriptions, and clears a copied scope under a title of the model's own", () => {
    const mixed = {
      title: "Redis 缓存部署说明",
      sections: [
        { title: "安装与配置", scope: "环境要求、安装命令与配置项" },
        { title: "备份", scope: "每个命令的参数与示例" },
        { title: "the section heading, without numbering", scope: "数据备份" },
        { title: "端口", scope: "端口 6379" },
      ],
    };
    const cut = withoutOutlineEcho(mixed, OUTLINE_EXAMPLES.zh, REDIS);
    expect(cut.outline.sections).toEqual([
      { title: "备份", scope: "" },
      { title: "端口", scope: "端口 6379" },
    ]);
    expect(cut).toMatchObject({ echoes: 3, copied: false });
  });

  it("never counts what the user's topic or source says as an echo", () => {
    const topic = "demo-cli 技术文档\n本工具的命令参考：每个命令的参数与示例。";
    const cut = withoutOutlineEcho(copyOf(OUTLINE_EXAMPLES.zh), OUTLINE_EXAMPLES.zh, topic);
    expect(cut.outline.title).toBe("demo-cli 技术文档");
    expect(cut.outline.sections.map((s) => s.title)).toEqual(["命令参考"]);
  });
});
