"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { MerchantRole } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { MemberView } from "@/lib/team/members";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { teamCopy } from "./copy";

export type Team = { members: MemberView[] };

/** What a member's action ends with: the notice on success, or the refusal's words. */
type Outcome = (message: string | null, error: string | null) => void;

const messageOf = (locale: Locale, e: unknown) => {
  const t = teamCopy[locale];
  return e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other;
};

/**
 * The team page's members, the invitation and leaving. One notice and one error line serve the
 * whole page, so a member's action reports through `done`, which refetches after a success.
 */
export function useTeam(locale: Locale, initial: Team) {
  const t = teamCopy[locale];
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ["team"], queryFn: () => apiFetch<Team>("/dashboard-api/team"), initialData: initial, staleTime: 10_000 });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();

  const done: Outcome = (message, problem) => {
    setNotice(message);
    setError(problem);
    if (message) void queryClient.invalidateQueries({ queryKey: ["team"] });
  };
  const invite = useMutation({
    mutationFn: (body: { email: string; role: MerchantRole }) => apiFetch<MemberView>("/dashboard-api/team", { method: "POST", body }),
    onSuccess: (member) => {
      setEmailError(undefined);
      done(t.sent(member.email), null);
    },
    onError: (e) => {
      const message = messageOf(locale, e);
      if (e instanceof ApiClientError && e.param === "email") setEmailError(message);
      else done(null, message);
    },
  });
  const leave = useMutation({
    mutationFn: () => apiFetch("/dashboard-api/team/leave", { method: "POST" }),
    onSuccess: () => router.push("/signin"),
    onError: (e) => done(null, messageOf(locale, e)),
  });

  const onInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setNotice(null);
    setError(null);
    invite.mutate({ email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "viewer") as MerchantRole }, { onSuccess: () => formElement.reset() });
  };

  return { query, notice, error, emailError, done, invite, leave, onInvite };
}

/** An owner's actions on one member: the role chosen in its select, a new invitation, removal. */
export function useMemberActions(member: MemberView, role: MerchantRole, locale: Locale, onDone: Outcome) {
  const t = teamCopy[locale];
  const report = (e: unknown) => onDone(null, messageOf(locale, e));
  const changeRole = useMutation({ mutationFn: () => apiFetch(`/dashboard-api/team/${member.id}`, { method: "PATCH", body: { role } }), onSuccess: () => onDone(t.roleSaved, null), onError: report });
  const resend = useMutation({ mutationFn: () => apiFetch(`/dashboard-api/team/${member.id}/invitation`, { method: "POST" }), onSuccess: () => onDone(t.resent, null), onError: report });
  const remove = useMutation({ mutationFn: () => apiFetch(`/dashboard-api/team/${member.id}`, { method: "DELETE" }), onSuccess: () => onDone(t.removed, null), onError: report });
  return { changeRole, resend, remove };
}
