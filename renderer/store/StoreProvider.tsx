import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useStore } from "zustand";
import type { AppStore } from "./createAppStore.js";
import type { AppState } from "./types.js";
import { makeTranslate, type Translate } from "../i18n/translate.js";

const StoreContext = createContext<AppStore | null>(null);

/** Puts the app store in React context. */
export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Subscribes a component to one narrow slice of the store. */
export function useApp<T>(selector: (state: AppState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useApp must be used inside <StoreProvider>");
  return useStore(store, selector);
}

/** The translator for the current UI locale. */
export function useT(): Translate {
  const locale = useApp((s) => s.locale);
  return useMemo(() => makeTranslate(locale), [locale]);
}
