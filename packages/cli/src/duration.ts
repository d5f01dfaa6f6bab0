const UNITS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400, w: 604_800 };

/**
 * `90s`, `30m`, `2h`, `3d`, `1w`, `1h30m` or a bare number of seconds → whole seconds; what
 * POST /v1/sandbox/clock/advance takes. Anything else is null.
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (!/^(\d+[smhdw])+$/.test(trimmed)) return null;
  let seconds = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([smhdw])/g)) seconds += Number(amount) * UNITS[unit];
  return seconds;
}

/** 93784 → "1d 2h 3m 4s": how the tool says a duration back. */
export function formatDuration(seconds: number): string {
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of [["d", 86_400], ["h", 3_600], ["m", 60], ["s", 1]] as const) {
    const n = Math.floor(rest / size);
    if (n) parts.push(`${n}${unit}`);
    rest -= n * size;
  }
  return parts.join(" ") || "0s";
}
