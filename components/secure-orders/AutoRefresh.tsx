"use client";

import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";
import { nextPollDelay, POLL_BASE_MS, type PollOutcome } from "@/lib/secure-orders/poll";

/**
 * Follows the order while a payment awaits the buyer's approval: asks `statusUrl` for the order's
 * progress, one request at a time and less often while nothing changes (lib/secure-orders/poll.ts),
 * and re-renders the page from the server once it differs from `since`, the progress the page was
 * rendered with. Nothing is asked while the page is hidden; coming back asks at once, since the
 * buyer usually left to approve on their phone. A request is never aborted: an answer that comes
 * after the page moved on is ignored.
 */
export function AutoRefresh({ statusUrl, since }: { statusUrl: string; since: string }) {
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();

  useEffect(() => {
    if (refreshing) return;
    let stopped = false;
    let inFlight = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = POLL_BASE_MS;

    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = stopped || inFlight || document.hidden ? undefined : setTimeout(check, ms);
    };

    async function check() {
      timer = undefined;
      inFlight = true;
      let outcome: PollOutcome;
      try {
        const response = await fetch(statusUrl, { cache: "no-store", headers: { accept: "application/json" } });
        const body: unknown = response.ok ? await response.json() : null;
        outcome = body && typeof body === "object" && "progress" in body ? (body.progress === since ? "same" : "changed") : "error";
      } catch {
        outcome = "error";
      }
      inFlight = false;
      if (stopped) return;
      if (outcome === "changed") {
        // The refresh ends this effect; it starts again (from the base delay) if the page still waits.
        stopped = true;
        startTransition(() => router.refresh());
        return;
      }
      delay = nextPollDelay(delay, outcome);
      schedule(delay);
    }

    const onVisibility = () => {
      if (document.hidden) {
        clearTimeout(timer);
        timer = undefined;
        return;
      }
      delay = POLL_BASE_MS;
      schedule(0);
    };

    schedule(delay);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [refreshing, router, since, statusUrl]);

  return null;
}
