"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Mode } from "@/db/schema";
import type { HomeSummary } from "@/lib/account/home";
import { apiFetch } from "@/components/data/fetch-json";
import { NEW_KEY_STORAGE } from "../storage";

/** The home page's balances, activity, latest payments and checklist, in the current mode. */
export function useHome(mode: Mode, initial: HomeSummary) {
  return useQuery({ queryKey: ["home", mode], queryFn: () => apiFetch<HomeSummary>("/dashboard-api/home"), initialData: initial, staleTime: 15_000 });
}

/**
 * The test key handed over by the sign-up page, once: it is removed from storage as soon as it is
 * read. A test key is shown in test mode only: in live mode it is dropped unseen, and a mode
 * switch remounts the page (DashboardFrame), which clears it from the screen.
 */
export function useNewTestKey(mode: Mode) {
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    const stored = window.sessionStorage.getItem(NEW_KEY_STORAGE);
    if (!stored) return;
    window.sessionStorage.removeItem(NEW_KEY_STORAGE);
    if (mode !== "test") return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage exists only in the browser, after hydration
    setKey(stored);
  }, [mode]);
  return { key: mode === "test" ? key : null, dismiss: () => setKey(null) };
}
