"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during server rendering and hydration, true once React runs in the browser. Buttons that
 * only work with JavaScript stay disabled until then, so an early click is never silently lost
 * and a form never falls back to a native submission (which would put a password in a URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
