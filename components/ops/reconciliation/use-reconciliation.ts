"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch, fetchEnvelope } from "@/components/data/fetch-json";
import type { ReconciliationReport, ReconciliationDifferenceView } from "@/lib/reconciliation/report";
import { useDecision } from "../queues/use-queue";

const reportKey = (day: string) => ["ops", "reconciliation", day];

/** The day's report, first as the server rendered it. */
export function useReconciliationReport(day: string, initial: ReconciliationReport) {
  return useQuery({ queryKey: reportKey(day), queryFn: () => apiFetch<ReconciliationReport>(`/ops-api/reconciliation?day=${encodeURIComponent(day)}`), initialData: initial, staleTime: 5_000 });
}

type ImportOutcome = "created" | "replaced" | "unchanged";

/** Uploads the chosen file as the day's statement; the report is replaced by the server's answer. */
export function useStatementImport(day: string) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) =>
      fetchEnvelope<ReconciliationReport, { outcome: ImportOutcome }>("/ops-api/reconciliation/statements", { method: "POST", body: { day, csv: await file.text(), file_name: file.name } }),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => {
      setOutcome(answer.outcome ?? null);
      queryClient.setQueryData(reportKey(day), answer.data);
    },
  });
  return { upload, outcome };
}

/** Staff's resolution of one difference, with its note written first. */
export function useDifferenceResolution(d: ReconciliationDifferenceView, day: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useDecision(
    (resolution: "late_collection" | "error", note) =>
      apiFetch<ReconciliationDifferenceView>(`/ops-api/reconciliation/differences/${encodeURIComponent(d.id)}/resolve`, { method: "POST", body: { resolution, note } }),
    () => {
      void queryClient.invalidateQueries({ queryKey: reportKey(day) });
      onDone();
    },
  );
}
