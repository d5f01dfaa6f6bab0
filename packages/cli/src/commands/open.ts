import { spawn } from "node:child_process";
import type { Command } from "../command.js";
import { usageError } from "../errors.js";

const PAGES: Record<string, { path: (id?: string) => string; needsId: boolean }> = {
  dashboard: { path: () => "/dashboard", needsId: false },
  docs: { path: () => "/docs", needsId: false },
  checkout: { path: (id) => `/checkout/${encodeURIComponent(id!)}`, needsId: true },
};

/** The platform's opener; a missing one (a server, a container) is fine: the URL is printed anyway. */
function openInBrowser(url: string): void {
  const [command, args] = process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
  try {
    const child = spawn(command, args, { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  } catch {
    // No opener: the printed URL is the fallback.
  }
}

export const open: Command = {
  words: ["open"],
  summary: "Open the dashboard, the docs or a payment's checkout in your browser",
  usage: "cauri open dashboard|docs|checkout <payment_id>",
  description: "Always prints the URL too, so it works on a machine without a browser.",
  options: { "no-browser": { type: "boolean", description: "Only print the URL" } },
  examples: ["cauri open dashboard", "cauri open docs", "cauri open checkout txn_01J…"],
  run: async ({ api, out, positionals, values }) => {
    const [target, id, ...extra] = positionals;
    const page = target ? PAGES[target] : undefined;
    if (!page) throw usageError(`cauri open needs one of: ${Object.keys(PAGES).join(", ")}.`);
    if (page.needsId && !id) throw usageError(`cauri open ${target} needs a payment id (txn_…).`);
    if ((!page.needsId && id) || extra.length) throw usageError(`Unexpected: ${[page.needsId ? "" : id, ...extra].filter(Boolean).join(" ")}`);
    const url = api.baseUrl + page.path(id);
    out.record({ url });
    out.line(url);
    if (!values["no-browser"]) openInBrowser(url);
  },
};
