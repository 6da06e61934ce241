import { defineMessages } from "../i18n/defineMessages.js";

/** The team library card (知识库 → 团队资料库): where each collection's index lives and who writes it. */
export const teamLibraryMessages = defineMessages(
  {
    "team.title": "团队资料库（对象存储）",
    "team.hint": "位置留空则该库保存在本机。填写 s3://桶/前缀 后，本机与同事共用存放在 S3 兼容存储上的索引；只有一台机器负责写入（导入、删除、压缩），其他机器只读检索，需使用相同的向量模型。密钥从密钥存储或环境变量 AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY 读取。",
    "team.location": "资料库位置",
    "team.papersLocation": "论文库位置",
    "team.codeLocation": "代码库位置",
    "team.endpoint": "服务地址",
    "team.region": "区域",
    "team.allowHttp": "允许 http://（内网无 TLS 时）",
    "team.role": "本机角色",
    "team.reader": "只读检索",
    "team.writer": "负责写入",
    "team.interval": "只读端刷新间隔（秒）",
    "team.save": "保存",
    "team.saved": "已保存",
    "team.bad": "每个位置应为 s3://桶/前缀",
  },
  {
    "team.title": "Team library (object storage)",
    "team.hint": "Leave a location empty to keep that collection on this computer. With s3://bucket/prefix this desk shares an index on S3-compatible storage with colleagues: one machine writes (imports, deletes, compaction), the others search read-only, all with the same embedding model. Keys come from the secret store or AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.",
    "team.location": "Library location",
    "team.papersLocation": "Papers location",
    "team.codeLocation": "Code location",
    "team.endpoint": "Endpoint",
    "team.region": "Region",
    "team.allowHttp": "Allow http:// (intranet without TLS)",
    "team.role": "This desk",
    "team.reader": "Reads only",
    "team.writer": "Writes",
    "team.interval": "Reader refresh interval (seconds)",
    "team.save": "Save",
    "team.saved": "Saved",
    "team.bad": "Each location must be s3://bucket/prefix",
  },
);
