import { useMemo } from "react";
import { useApp } from "../store/StoreProvider.js";
import { makeFeatureTranslate, type FeatureMessages, type FeatureTranslate } from "./defineMessages.js";

/** The translator of a feature's own messages (falling back to the shared ones) for the UI locale. */
export function useFeatureT<K extends string>(messages: FeatureMessages<K>): FeatureTranslate<K> {
  const locale = useApp((s) => s.locale);
  return useMemo(() => makeFeatureTranslate(messages, locale), [messages, locale]);
}
