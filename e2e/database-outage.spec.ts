import { expect, test } from "@playwright/test";
import { createMerchant } from "./support/merchant";
import { startDatabaseProxy, startInstance, suiteDatabaseUrl, type Instance } from "./support/instance";

/**
 * The database goes away under an instance (a restart, a failover): requests answer 503
 * SERVICE_UNAVAILABLE quickly, in the error envelope, and the instance recovers by itself.
 */
let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
let app: Instance;

test.beforeAll(async () => {
  proxy = await startDatabaseProxy(suiteDatabaseUrl());
  app = await startInstance(Number(process.env.E2E_OUTAGE_PORT ?? 3198), { DATABASE_URL: proxy.url, DATABASE_CONNECT_TIMEOUT: "3", CAURI_JOBS: "off" });
});

test.afterAll(async () => {
  await app?.stop();
  await proxy?.close();
});

test("answers 503 while the database is unreachable and recovers without a restart", async ({ request }) => {
  test.setTimeout(120_000);
  const m = await createMerchant();
  const headers = { Authorization: `Bearer ${m.test_key}` };
  const body = { amount: 1000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/ok" };
  const ok = await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "before" }, data: body });
  expect(ok.status()).toBe(201);

  await proxy.cut();
  const started = Date.now();
  const down = await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "during" }, data: body, timeout: 30_000 });
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(down.status()).toBe(503);
  expect(await down.json()).toEqual({ success: false, error: { code: "SERVICE_UNAVAILABLE", message: expect.any(String) } });
  expect(down.headers()["retry-after"]).toBeTruthy();
  const ready = await request.get(`${app.url}/readyz`);
  expect(ready.status()).toBe(503);

  await proxy.restore();
  const deadline = Date.now() + 20_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "after" }, data: body })).status();
    if (status === 201) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(status).toBe(201);
  expect((await request.get(`${app.url}/readyz`)).status()).toBe(200);
});

test("answers 503 within 3 s while the database is frozen (accepts connections, never replies), and recovers when it thaws", async ({ request }) => {
  test.setTimeout(120_000);
  const m = await createMerchant();
  const headers = { Authorization: `Bearer ${m.test_key}` };
  const body = { amount: 1000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/ok" };
  expect((await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "frozen-before" }, data: body })).status()).toBe(201);

  proxy.freeze();
  for (const attempt of ["frozen-1", "frozen-2"]) {
    const started = Date.now();
    const down = await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": attempt }, data: body, timeout: 30_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(down.status()).toBe(503);
    expect((await down.json()).error.code).toBe("SERVICE_UNAVAILABLE");
  }
  const read = await request.get(`${app.url}/v1/payments`, { headers, timeout: 30_000 });
  expect(read.status()).toBe(503);

  proxy.thaw();
  const deadline = Date.now() + 20_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "frozen-after" }, data: body })).status();
    if (status === 201) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(status).toBe(201);
});
