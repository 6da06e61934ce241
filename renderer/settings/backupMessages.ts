import { defineMessages } from "../i18n/defineMessages.js";

/** The 备份与恢复 card (知识库): a backup of the data dir, a restore at the next start, diagnostics for IT. */
export const backupMessages = defineMessages(
  {
    "backup.title": "备份与恢复",
    "backup.hint": "备份包含数据库（会话、设置、资料）、本机资料库索引、文风指南和检索源配置，不含模型文件。",
    "backup.withSecrets": "包含密钥",
    "backup.create": "创建备份",
    "backup.creating": "正在备份…",
    "backup.created": "已下载 {name}（{n} 个文件）",
    "backup.restore": "从备份恢复…",
    "backup.restoring": "正在检查备份…",
    "backup.staged": "备份（{date}）已就绪，将在下次启动时恢复；当前数据会保存在 before-restore- 文件夹中。",
    "backup.diagnostics": "导出诊断信息",
    "backup.diagnosticsHint": "诊断信息包含日志、版本和设置，不含文档和密钥，可发给 IT 支持。",
    "backup.exported": "已下载 {name}",
  },
  {
    "backup.title": "Backup & restore",
    "backup.hint": "A backup holds the database (sessions, settings, sources), the local library index, style guides and search providers, not the model files.",
    "backup.withSecrets": "Include secrets",
    "backup.create": "Create backup",
    "backup.creating": "Backing up…",
    "backup.created": "Downloaded {name} ({n|file|files})",
    "backup.restore": "Restore from backup…",
    "backup.restoring": "Checking the backup…",
    "backup.staged": "The backup of {date} is ready and applies at the next start; the current data is kept in a before-restore- folder.",
    "backup.diagnostics": "Export diagnostics",
    "backup.diagnosticsHint": "Diagnostics hold the logs, versions and settings, no documents and no keys: send them to IT support.",
    "backup.exported": "Downloaded {name}",
  },
);
