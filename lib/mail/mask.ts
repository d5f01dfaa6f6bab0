/** awa.traore@example.ml → a•••@example.ml: enough to tell messages apart in a log, not to use the address. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}
