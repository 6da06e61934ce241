import {
  GemmaChatWrapper,
  GeneralChatWrapper,
  JinjaTemplateChatWrapper,
  QwenChatWrapper,
  resolveChatWrapper,
  type ChatWrapper,
  type LlamaModel,
} from "node-llama-cpp";

/**
 * How a call that must not think is rendered, through the library's own resolution so the GGUF's
 * template is still checked: Qwen3 gets `QwenChatWrapper({thoughts: "discourage"})`, which ends
 * the prompt with the empty `<think>\n\n</think>\n\n` block Qwen3's template writes for
 * `enable_thinking=false`; a template the library renders itself gets that flag. Auto resolution
 * alone never discourages (it only tests the setting for template equivalence).
 */
const NO_THINK_WRAPPER_SETTINGS = {
  qwen: { thoughts: "discourage" },
  jinjaTemplate: { additionalRenderParameters: { enable_thinking: false } },
} as const;

/**
 * The GGUF's own template when it has one, and its no-thinking form; otherwise an explicit
 * plain-text wrapper, because the library's heuristics guess `Llama2ChatWrapper` from a `<s>` BOS,
 * which suits few such models.
 */
export function pickChatWrappers(
  model: LlamaModel,
  hasChatTemplate: boolean,
  architecture: string | null,
): { chatWrapper: ChatWrapper; noThinkWrapper: ChatWrapper } {
  // Gemma GGUFs (the PyPI Gemma 3 270M build) ship without a chat_template: the general wrapper's
  // "### User" turns are not what the model was tuned on. Gemma's own wrapper also folds the
  // system text into the first user turn (Gemma has no system role).
  if (!hasChatTemplate) {
    const plain = architecture?.startsWith("gemma") ? new GemmaChatWrapper() : new GeneralChatWrapper();
    return { chatWrapper: plain, noThinkWrapper: plain };
  }
  let chatWrapper: ChatWrapper;
  try {
    chatWrapper = resolveChatWrapper(model);
  } catch {
    const plain = new GeneralChatWrapper();
    return { chatWrapper: plain, noThinkWrapper: plain };
  }
  if (!(chatWrapper instanceof QwenChatWrapper) && !(chatWrapper instanceof JinjaTemplateChatWrapper)) return { chatWrapper, noThinkWrapper: chatWrapper };
  try {
    return { chatWrapper, noThinkWrapper: resolveChatWrapper(model, { customWrapperSettings: NO_THINK_WRAPPER_SETTINGS }) };
  } catch {
    return { chatWrapper, noThinkWrapper: chatWrapper };
  }
}
