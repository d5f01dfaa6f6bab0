"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { apiFetch } from "@/components/data/fetch-json";
import { useHydrated } from "./useHydrated";

/**
 * A dashboard-wide choice kept in a cookie by the server (mode, application): POST it, then drop
 * every cached query and re-render the page, so no screen ever mixes data of two choices.
 */
export function useServerChoice<T>(path: string, body: (value: T) => Record<string, unknown>) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState(false);
  const hydrated = useHydrated();

  async function choose(value: T) {
    setError(false);
    try {
      await apiFetch(path, { method: "POST", body: body(value) });
    } catch {
      setError(true);
      return;
    }
    queryClient.clear();
    startTransition(() => router.refresh());
  }

  return { choose, pending, error, ready: hydrated && !pending };
}
