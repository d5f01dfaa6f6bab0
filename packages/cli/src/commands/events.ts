import type { Command } from "../command.js";
import { usageError } from "../errors.js";
import { paintStatus } from "../output.js";

type Event = { id: string; type: string; timestamp: string; livemode: boolean; data: Record<string, unknown> };
type Delivery = { id: string; endpoint_id: string; url: string; status: string; response_status: number | null; error: string | null };

const oneId = (positionals: string[], command: string) => {
  const [id, ...extra] = positionals;
  if (!id) throw usageError(`cauri ${command} needs an event id (evt_…).`);
  if (extra.length) throw usageError(`cauri ${command} takes one event id; unexpected: ${extra.join(" ")}`);
  return id;
};

export const eventsList: Command = {
  words: ["events", "list"],
  summary: "List your latest test-mode events",
  usage: "cauri events list [--limit <n>] [--after <evt_id>]",
  description: "Test keys only (GET /v1/webhooks/events): the latest events, oldest first; --after pages forward.",
  options: {
    limit: { type: "string", placeholder: "<n>", description: "How many, 1 to 100 (default 20)" },
    after: { type: "string", placeholder: "<evt_id>", description: "Only the events created after this one" },
  },
  examples: ["cauri events list", "cauri events list --limit 5 --json"],
  run: async ({ api, out, values, positionals }) => {
    if (positionals.length) throw usageError(`cauri events list takes no argument; unexpected: ${positionals.join(" ")}`);
    api.testKey("events list");
    const answer = await api.call<Event[]>("GET", "/v1/webhooks/events", { query: { limit: values.limit as string | undefined, after: values.after as string | undefined } });
    for (const e of answer.data) {
      out.record(e);
      const object = typeof e.data?.id === "string" ? e.data.id : "";
      out.line(`${out.paint("dim", e.timestamp)}  ${e.id}  ${out.paint("cyan", e.type.padEnd(26))} ${object}`);
    }
    if (!answer.data.length) out.line(out.paint("dim", "No events yet: try cauri trigger payment.success"));
    else if (answer.has_more) out.line(out.paint("dim", `More: cauri events list --after ${answer.data.at(-1)!.id}`));
  },
};

export const eventsGet: Command = {
  words: ["events", "get"],
  summary: "Show one event as webhook receivers get it",
  usage: "cauri events get <evt_id>",
  examples: ["cauri events get evt_01J…", "cauri events get evt_01J… --json | jq .data"],
  run: async ({ api, out, positionals }) => {
    const id = oneId(positionals, "events get");
    const { data } = await api.call<Event>("GET", `/v1/webhooks/events/${encodeURIComponent(id)}`);
    out.record(data);
    out.line(JSON.stringify(data, null, 2));
  },
};

export const eventsResend: Command = {
  words: ["events", "resend"],
  summary: "Send an event again to your endpoints (or one of them)",
  usage: "cauri events resend <evt_id> [--endpoint <we_id>]",
  description: "A new delivery of the same event (same id and body, newly signed) per endpoint; see them in GET /v1/webhooks/logs.",
  options: { endpoint: { type: "string", placeholder: "<we_id>", description: "Only to this endpoint" } },
  examples: ["cauri events resend evt_01J…", "cauri events resend evt_01J… --endpoint we_01J…"],
  run: async ({ api, out, values, positionals }) => {
    const id = oneId(positionals, "events resend");
    const endpoint = values.endpoint as string | undefined;
    const { data } = await api.call<Delivery[]>("POST", `/v1/webhooks/events/${encodeURIComponent(id)}/resend`, { body: endpoint ? { endpoint_id: endpoint } : {} });
    out.record({ event_id: id, deliveries: data });
    out.line(`${out.paint("green", "✔")} Resent ${id} (${data.length} ${data.length === 1 ? "delivery" : "deliveries"})`);
    for (const d of data) {
      out.line(`  ${d.id}  ${d.endpoint_id}  → POST ${d.url} [${paintStatus(out, d.response_status)}${d.error ? ` ${d.error}` : ""}]  ${d.status}`);
    }
  },
};
