"use client";

import { useEffect, useState } from "react";

/** "14:05": minutes and seconds, never negative. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(Math.floor(seconds), 0);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Time left before expires_at. The server renders the seconds it computed on the merchant's
 * clock (so the page without script shows it too); the script counts down from there on the
 * browser's monotonic clock, which a wrong phone clock cannot skew. A timer (role "timer"),
 * never a live region: a screen reader reads it when asked, not every second.
 */
export function Countdown({ secondsLeft, label, className }: { secondsLeft: number; label: string; className?: string }) {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    const start = performance.now();
    const tick = () => setLeft(Math.max(secondsLeft - Math.floor((performance.now() - start) / 1000), 0));
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  return (
    <p className={className} data-testid="checkout-countdown">
      {label}{" "}
      <span role="timer" aria-live="off" className="font-semibold tabular-nums text-ink">
        {formatCountdown(left)}
      </span>
    </p>
  );
}
