/** Where a role lands after sign-in: `next` when it belongs to that role's area, else its home. */
export function landingPath(role: string | undefined, next: string | null): string {
  const home = role === "staff" ? "/ops" : "/dashboard";
  if (next && (next === home || next.startsWith(`${home}/`) || next.startsWith(`${home}?`))) return next;
  return home;
}
