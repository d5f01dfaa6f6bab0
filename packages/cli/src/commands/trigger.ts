import type { Command } from "../command.js";
import { CliError, usageError } from "../errors.js";
import { parseOverride } from "../overrides.js";
import { bodyWith, RECIPES, recentEvents, STAFF_EVENTS, type Created } from "../triggers.js";

const known = () => Object.entries(RECIPES).map(([type, r]) => `  ${type.padEnd(28)} ${r.description}`).join("\n");

export const trigger: Command = {
  words: ["trigger"],
  summary: "Create the sandbox objects that make the service emit an event",
  usage: "cauri trigger <event-type> [--set field=value]…",
  description: [
    "Test keys only. Makes real test-mode objects through the API (a payment and its simulated outcome, a secure",
    "order paid then released, a plan and a subscription then the billing cycle…), so the event reaches your",
    "endpoints and `cauri listen` exactly as in production. --set overrides a field of the main object's",
    "creation body: dotted paths go into objects (metadata.order=42), numbers are numbers, phone means",
    "customer_phone (phone_number for withdrawals), amount on a subscription is its plan's.",
    "",
    "Event types:",
    known(),
  ].join("\n"),
  options: {
    set: { type: "string", multiple: true, placeholder: "<field=value>", description: "Override a field (amount=2500, metadata.order=42, client_reference=A-1, phone=+22370000001)" },
  },
  examples: [
    "cauri trigger payment.success",
    "cauri trigger payment.success --set amount=2500 --set metadata.order=42 --set client_reference=CMD-42",
    "cauri trigger secure_order.released --set amount=15000",
    "cauri trigger subscription.payment_due --set amount=3000 --json",
  ],
  run: async ({ api, out, positionals, values }) => {
    const [type, ...extra] = positionals;
    if (!type) throw usageError(`cauri trigger needs an event type. It can trigger:\n${known()}`);
    if (extra.length) throw usageError(`cauri trigger takes one event type; unexpected: ${extra.join(" ")}`);
    const recipe = RECIPES[type];
    if (!recipe && STAFF_EVENTS[type]) {
      throw new CliError(`${type} is sent when ${STAFF_EVENTS[type]} in Cauri's ops console: a key cannot cause it. cauri trigger withdrawal.requested makes the request they decide on; until then, send a sample to your endpoint with cauri trigger webhook.test.`, "STAFF_ONLY_EVENT", 2);
    }
    if (!recipe) throw new CliError(`cauri trigger cannot make ${JSON.stringify(type)}. It can trigger:\n${known()}`, "UNKNOWN_EVENT_TYPE", 2);
    const overrides = ((values.set as string[] | undefined) ?? []).map(parseOverride);
    api.testKey("trigger");

    const created: Created[] = [];
    const { mainId } = await recipe.run({ api, created, step: (text) => out.progress(`${text}…`), body: (name, base) => bodyWith(recipe, overrides, name, base) });
    out.progress("Looking up the event…");
    const events = (await recentEvents(api)).filter((e) => e.type === type && (e.id === mainId || e.data?.id === mainId)).map((e) => ({ id: e.id, type: e.type }));
    out.done();

    out.record({ event_type: type, created, events });
    out.line(`${out.paint("green", "✔")} Triggered ${out.paint("bold", type)}`);
    const width = Math.max(...created.map((c) => c.object.length), 5);
    for (const c of created) out.line(`  ${c.object.padEnd(width)}  ${c.id}${c.status ? `  ${out.paint("dim", c.status)}` : ""}${c.url ? `  ${out.paint("dim", c.url)}` : ""}`);
    for (const e of events) out.line(`  ${"event".padEnd(width)}  ${e.id}  ${out.paint("cyan", e.type)}`);
    if (!events.length) out.line(out.paint("yellow", `  (no ${type} event found yet; it may still be on its way: cauri events list)`));
  },
};
