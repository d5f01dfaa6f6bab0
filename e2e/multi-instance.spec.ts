import { expect, test, type APIRequestContext } from "@playwright/test";
import postgres from "postgres";
import { extraPort, startInstance, suiteDatabaseUrl, type Instance } from "./support/instance";
import { createMerchant } from "./support/merchant";
import { startWebhookReceiver } from "./support/webhook-receiver";

/**
 * Two app processes on one database share everything that must be shared: idempotency keys,
 * balances and the background work queues live in the database, rate-limit counters in Redis
 * (REDIS_URL, which .ci/run exports), not in any process's memory. Every process runs the
 * embedded job runner.
 */
let secondInstance: Instance;
let second: string;
let sql: postgres.Sql;

test.beforeAll(async () => {
  // The second instance is itself two cluster workers on one port (CAURI_WORKERS, one per core in
  // production): three processes share the database, the limits and the jobs.
  // It also sits "behind one proxy" (CAURI_TRUSTED_PROXIES=1): requests without X-Forwarded-For count against the socket.
  secondInstance = await startInstance(extraPort("E2E_SECOND_PORT", 1), { CAURI_WORKERS: "2", CAURI_TRUSTED_PROXIES: "1" });
  second = secondInstance.url;
  sql = postgres(suiteDatabaseUrl(), { max: 2, onnotice: () => {} });
});

test.afterAll(async () => {
  await secondInstance?.stop();
  await sql?.end();
});

const body = { amount: 1500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/ok" };
const create = (request: APIRequestContext, base: string, key: string, idem: string) =>
  request.post(`${base}/v1/payments`, { headers: { Authorization: `Bearer ${key}`, "X-Idempotency-Key": idem }, data: body });

test("the rate limit is counted across both instances", async ({ request, baseURL }) => {
  // Several instances share their counters through Redis only (docs/performance.md, "Rate-limit counters"): without it this must fail, not pass by luck.
  expect(process.env.REDIS_URL, "set REDIS_URL: instances share rate limits through Redis").toBeTruthy();
  const m = await createMerchant();
  for (let i = 0; i < 10; i++) {
    const res = await create(request, i % 2 ? second : baseURL!, m.test_key, `rl-${i}`);
    expect(res.status()).toBe(201);
  }
  const eleventh = await create(request, second, m.test_key, "rl-10");
  expect(eleventh.status()).toBe(429);
  expect((await eleventh.json()).error.code).toBe("RATE_LIMIT_EXCEEDED");
  expect(Number(eleventh.headers()["retry-after"])).toBeGreaterThan(0);
});

test("one idempotency key sent to both instances at once creates one payment", async ({ request, baseURL }) => {
  const m = await createMerchant();
  const [a, b] = await Promise.all([create(request, baseURL!, m.test_key, "same"), create(request, second, m.test_key, "same")]);
  const ids = new Set<string>();
  for (const res of [a, b]) {
    expect([201, 409]).toContain(res.status());
    if (res.status() === 201) ids.add((await res.json()).data.id);
  }
  expect(ids.size).toBe(1);
  const list = await request.get(`${second}/v1/payments`, { headers: { Authorization: `Bearer ${m.test_key}` } });
  expect((await list.json()).data.pagination.total).toBe(1);
});

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

test("a client cannot escape the per-IP checkout limit by writing its own X-Forwarded-For", async ({ request }) => {
  const m = await createMerchant();
  const link = await request.post(`${second}/v1/payment-links`, { headers: auth(m.test_key), data: { name: "Pagne", amount: 2_500 } });
  expect(link.status()).toBe(201);
  const slug = (await link.json()).data.slug;
  // What our proxy appended (the last entry) is the client; whatever the client wrote before it is ignored.
  const client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const checkout = (forwardedFor: string) =>
    request.post(`${second}/v1/payment-links/${slug}/checkout`, { headers: { "X-Forwarded-For": forwardedFor }, data: { customer_phone: "+22370000009" } });
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) statuses.push((await checkout(`198.51.100.${i}, ${client}`)).status());
  expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
  expect(statuses[20]).toBe(429);
  expect((await checkout(`198.51.100.99, 192.0.2.${Math.floor(Math.random() * 250) + 1}`)).status()).toBe(201);
});

test("withdrawals racing on both instances never overdraw the available balance", async ({ request, baseURL }) => {
  const m = await createMerchant({ kyc: "approved" });
  const headers = auth(m.test_key);
  const bases = [baseURL!, second];
  for (const [i, base] of bases.entries()) {
    const created = await request.post(`${base}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": `fund-${i}` }, data: { ...body, amount: 1_000_000 } });
    expect(created.status()).toBe(201);
    const settled = await request.post(`${base}/v1/sandbox/payments/${(await created.json()).data.id}/simulate`, { headers, data: { outcome: "SUCCESS" } });
    expect(settled.status()).toBe(200);
  }
  const balance = async () => (await (await request.get(`${second}/v1/withdrawals/balance`, { headers })).json()).data as { available: number; reserved: number };
  const before = await balance();
  expect(before.reserved).toBe(0);

  // Twice as many requests as the balance covers, all at once, alternating between the instances.
  const amount = 300_000;
  const fits = Math.floor(before.available / amount);
  expect(fits).toBeGreaterThan(1);
  const answers = await Promise.all(
    Array.from({ length: 2 * fits + 2 }, (_, i) =>
      request.post(`${bases[i % 2]}/v1/withdrawals`, {
        headers: { ...headers, "X-Idempotency-Key": `wd-${i}` },
        data: { amount, provider: "OPERATOR_MONEY", phone_number: "+22370000001" },
      }),
    ),
  );
  let accepted = 0;
  for (const res of answers) {
    const json = await res.json();
    if (res.status() === 201) {
      expect(json.data).toMatchObject({ amount, status: "PENDING" });
      accepted += amount;
    } else {
      expect({ status: res.status(), code: json.error?.code }).toEqual({ status: 400, code: "INSUFFICIENT_BALANCE" });
    }
  }
  expect(accepted).toBeLessThanOrEqual(before.available);
  // Serialized checks refuse only what no longer fits: every request that fitted went through.
  expect(accepted).toBe(fits * amount);
  expect(await balance()).toMatchObject({ available: before.available - accepted, reserved: accepted });
  const listed = await request.get(`${baseURL}/v1/withdrawals`, { headers });
  expect((await listed.json()).data.pagination.total).toBe(fits);
});

test("expiry, billing and webhook delivery running on both instances handle each item exactly once", async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const DAY = 86_400;
  // A receiver slow to answer keeps attempts in flight while the clock jumps.
  const receiver = await startWebhookReceiver({ answerAfterMs: 2_000 });
  try {
    const m = await createMerchant();
    const headers = auth(m.test_key);
    const bases = [baseURL!, second];
    const endpoint = await request.post(`${baseURL}/v1/webhooks/endpoints`, { headers, data: { url: receiver.url } });
    expect(endpoint.status()).toBe(201);

    // Payments (as many as the per-minute creation limit allows): eight will expire, two will be
    // paid just before the clock jumps. And weekly subscriptions.
    const paymentIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await create(request, bases[i % 2], m.test_key, `exp-${i}`);
      expect(res.status()).toBe(201);
      paymentIds.push((await res.json()).data.id);
    }
    const [expiring, paying] = [paymentIds.slice(0, 8), paymentIds.slice(8)];
    const plan = await request.post(`${baseURL}/v1/billing/plans`, { headers, data: { name: "Panier de la semaine", amount: 5_000, interval: "WEEKLY" } });
    expect(plan.status()).toBe(201);
    const planId = (await plan.json()).data.id;
    const subscriptionIds = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const res = await request.post(`${bases[i % 2]}/v1/billing/subscriptions`, { headers, data: { plan_id: planId, customer_phone: "+22370000001" } });
        expect(res.status()).toBe(201);
        return (await res.json()).data.id as string;
      }),
    );

    // Every clock advance runs the merchant's due work before it answers, so calls sent together
    // to both instances run expiry, billing and delivery over the same rows at the same time,
    // beside both instances' own timers and delivery workers. First a second passes: both bill
    // the subscriptions' first period at once.
    const advance = (steps: number[]) =>
      Promise.all(steps.map((seconds, i) => request.post(`${bases[i % 2]}/v1/sandbox/clock/advance`, { headers, data: { seconds } })));
    for (const res of await advance([1, 1])) expect(res.status()).toBe(200);
    // A collection still in flight would expire in the jump below, as one left for eight days would.
    const merchantId = m.merchant_id;
    await expect
      .poll(async () => (await sql`select 1 from payments where merchant_id = ${merchantId} and purpose = 'subscription' and status = 'PENDING'`).length)
      .toBe(0);
    // Two payments succeed; their webhooks are on their way to the slow receiver when eight days
    // pass: the second period comes due, the other payments expire, and the attempts in flight
    // keep their claims. The small advances sent with the jump keep the clock still while they
    // work (payment lifetimes are minutes long).
    const paid = await Promise.all(paying.map((id, i) => request.post(`${bases[i % 2]}/v1/sandbox/payments/${id}/simulate`, { headers, data: { outcome: "SUCCESS" } })));
    for (const res of paid) expect(res.status()).toBe(200);
    // The receiver has them and has not answered yet: both attempts are in flight.
    await expect.poll(() => receiver.receipts.filter((r) => r.type === "payment.success" && paying.includes(r.objectId)).length).toBe(2);
    for (const res of await advance([8 * DAY, 1, 1, 1])) expect(res.status()).toBe(200);

    await expect
      .poll(
        async () => {
          const [row] = await sql<{ undispatched: number; unsent: number }[]>`
            select (select count(*)::int from events where merchant_id = ${merchantId} and dispatched_at is null) as undispatched,
                   (select count(*)::int from webhook_deliveries where merchant_id = ${merchantId} and status <> 'SUCCESS') as unsent`;
          return row;
        },
        { timeout: 30_000 },
      )
      .toEqual({ undispatched: 0, unsent: 0 });
    // A duplicate attempt claimed before the first was recorded would still be on its way: an
    // absence needs a window, and the checks below count every send once it has passed.
    await new Promise((r) => setTimeout(r, 1_000));

    // Expiry: every unpaid payment EXPIRED, with exactly one payment.expired event.
    const expired = await sql<{ id: string; status: string; events: number }[]>`
      select p.id, p.status, (select count(*)::int from events e where e.object_id = p.id and e.type = 'payment.expired') as events
      from payments p where p.id in ${sql(expiring)}`;
    expect(expired.map((p) => [p.status, p.events])).toEqual(expiring.map(() => ["EXPIRED", 1]));

    // Billing: the periods starting on day 0 and day 7 were each charged once and paid once.
    const billed = await sql<{ subscription_id: string; periods: number; payments: number; paid: number; renewed: number }[]>`
      select s.id as subscription_id,
        (select count(distinct c.period_start)::int from billing_charges c where c.subscription_id = s.id and c.status = 'PAID') as periods,
        (select count(*)::int from payments p where p.purpose_ref = s.id) as payments,
        (select count(*)::int from payments p where p.purpose_ref = s.id and p.status = 'SUCCESS') as paid,
        (select count(*)::int from events e where e.object_id = s.id and e.type = 'subscription.renewed') as renewed
      from subscriptions s where s.id in ${sql(subscriptionIds)}`;
    expect(billed).toHaveLength(subscriptionIds.length);
    for (const row of billed) expect(row).toEqual({ subscription_id: row.subscription_id, periods: 2, payments: 2, paid: 2, renewed: 2 });

    // Delivery: every event of the merchant reached the receiver exactly once, in one attempt, and nothing else did.
    const outbox = await sql<{ id: string; type: string }[]>`select id, type from events where merchant_id = ${merchantId}`;
    const perType: Record<string, number> = {};
    for (const e of outbox) perType[e.type] = (perType[e.type] ?? 0) + 1;
    // Each period collected: one payment_due (with its checkout URL) and, once paid, one renewed.
    expect(perType).toEqual({ "payment.expired": 8, "subscription.created": 8, "payment.success": 2 + 16, "subscription.payment_due": 16, "subscription.renewed": 16 });
    const eventIds = outbox.map((e) => e.id);
    const counts = receiver.counts();
    expect([...counts.keys()].sort()).toEqual([...eventIds].sort());
    expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([]);
    const [{ retried }] = await sql<{ retried: number }[]>`
      select count(*)::int as retried from webhook_deliveries where merchant_id = ${merchantId} and attempt_count <> 1`;
    expect(retried).toBe(0);
  } finally {
    await receiver.close();
  }
});
