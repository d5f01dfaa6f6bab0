"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Mode } from "@/db/schema";
import type { FigurePeriod, Figures } from "@/lib/figures/schemas";
import { apiFetch } from "@/components/data/fetch-json";

/** The figures of the chosen period in the current mode; the page's first period comes with the page. */
export function useFigures(mode: Mode, initial: Figures) {
  const [period, setPeriod] = useState<FigurePeriod>(initial.period.days);
  const query = useQuery({
    queryKey: ["figures", mode, period],
    queryFn: () => apiFetch<Figures>(`/dashboard-api/figures?period=${period}`),
    initialData: period === initial.period.days ? initial : undefined,
    // The last period's charts stay (dimmed, aria-busy) while the next one loads, instead of a blank page.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return { period, setPeriod, query };
}
