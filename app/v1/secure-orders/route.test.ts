import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { secureOrders } from "@/db/schema";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { cancel, confirm, create, createdOrder, deliveryCode, getOrder, list, orderRow, routes, simulate, soMerchant, validOrder } from "./test-support";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RESOURCE_FIELDS = [
  "amount", "amount_charged", "amount_merchant_net", "buyer_url", "client_reference", "code_attempts_remaining", "code_locked", "created_at", "currency",
  "customer_phone", "delivery_deadline", "delivery_url", "delivery_window_hours", "description", "fee_total", "id", "is_test", "pay_before", "payment_intent_id",
  "payment_status", "reference", "status",
].sort();

const countOrders = async (merchantId: string) => (await db().select({ n: count() }).from(secureOrders).where(eq(secureOrders.merchantId, merchantId)))[0].n;

describe("POST /v1/secure-orders", () => {
  it("creates a CREATED order with exactly the contract's fields (201)", async () => {
    const m = await soMerchant();
    const before = Date.now();
    const res = await create(m.testKey, validOrder({ client_reference: "CMD-1", delivery_deadline_hours: 48, customer_name: "Awa Traoré" }));
    expect(res.status).toBe(201);
    const o = res.body.data;
    expect(Object.keys(o).sort()).toEqual(RESOURCE_FIELDS);
    expect(o).toMatchObject({
      status: "CREATED",
      is_test: true,
      amount: 25_000,
      currency: "XOF",
      amount_charged: 25_000,
      fee_total: 500,
      amount_merchant_net: null,
      description: "Robe wax taille M",
      customer_phone: "+22376543210",
      client_reference: "CMD-1",
      payment_intent_id: null,
      payment_status: null,
      delivery_window_hours: 48,
      delivery_deadline: null,
      code_attempts_remaining: 5,
      code_locked: false,
    });
    expect(o.id).toMatch(UUID);
    expect(o.reference).toMatch(/^SO-[2-9A-HJKMNP-Z]{6}$/);
    const buyer = new URL(o.buyer_url);
    const courier = new URL(o.delivery_url);
    expect(buyer.pathname).toMatch(/^\/o\/[A-Za-z0-9_-]{32}$/);
    expect(courier.pathname).toMatch(/^\/d\/[A-Za-z0-9_-]{32}$/);
    expect(buyer.pathname.slice(3)).not.toBe(courier.pathname.slice(3));
    // pay_before = creation + 24 h.
    const payBefore = Date.parse(o.pay_before);
    const created = Date.parse(o.created_at);
    expect(payBefore - created).toBe(24 * 3600 * 1000);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    // The row never holds a code before payment, and the resource never carries one.
    const row = await orderRow(o.id);
    expect(row.codeHash).toBeNull();
    expect(row.codeCiphertext).toBeNull();
  });

  it("defaults delivery_window_hours to 72, stores the phone with a +, and is_test is false with a live key", async () => {
    const m = await newLiveMerchant({ secureOrdersEnabled: true });
    const res = await create(m.liveKey, validOrder({ customer_phone: "22376543210" }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ is_test: false, delivery_window_hours: 72, customer_phone: "+22376543210", client_reference: null });
  });

  it("applies the plan's monthly live cap to a live order (200,000 FCFA on Pro), never to a test order", async () => {
    const m = await newLiveMerchant({ secureOrdersEnabled: true, platformPlan: "pro" });
    const over = await create(m.liveKey, validOrder({ amount: 200_001 }));
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe("PLAN_MONTHLY_VOLUME_EXCEEDED");
    expect((await create(m.liveKey, validOrder({ amount: 200_000 }))).status).toBe(201);
    expect((await create(m.testKey, validOrder({ amount: 5_000_000 }))).status).toBe(201);
  });

  it("draws unique references and tokens", async () => {
    const m = await soMerchant();
    const orders = await Promise.all(Array.from({ length: 12 }, () => createdOrder(m.testKey)));
    expect(new Set(orders.map((o) => o.reference)).size).toBe(12);
    const tokens = orders.flatMap((o) => [o.buyer_url, o.delivery_url]);
    expect(new Set(tokens).size).toBe(24);
  });

  const cases: [string, Record<string, unknown>, number, string?][] = [
    ["amount 99", { amount: 99 }, 400, "INVALID_AMOUNT"],
    ["amount 100", { amount: 100 }, 201],
    ["amount 10,000,000", { amount: 10_000_000 }, 201],
    ["amount 10,000,001", { amount: 10_000_001 }, 400, "INVALID_AMOUNT"],
    ["amount 100.5", { amount: 100.5 }, 400, "INVALID_AMOUNT"],
    ["amount as a string", { amount: "1000" }, 400, "INVALID_AMOUNT"],
    ["amount missing", { amount: undefined }, 400, "INVALID_AMOUNT"],
    ["description of 1 character", { description: "a" }, 400, "INVALID_DESCRIPTION"],
    ["description of 2 characters", { description: "ab" }, 201],
    ["description of 200 characters", { description: "d".repeat(200) }, 201],
    ["description of 201 characters", { description: "d".repeat(201) }, 400, "INVALID_DESCRIPTION"],
    ["description missing", { description: undefined }, 400, "MISSING_DESCRIPTION"],
    ["phone of 7 digits", { customer_phone: "+2237654" }, 400, "INVALID_PHONE"],
    // 8 to 15 digits in all (the contract); a Mali (+223) number has exactly 8 after 223 (lib/phone).
    ["phone of 8 digits", { customer_phone: "+68212345" }, 201],
    ["phone of 8 digits without +", { customer_phone: "76543210" }, 201],
    ["phone with spaces", { customer_phone: "+223 76 54 32 10" }, 201],
    ["Mali phone of 7 digits after 223", { customer_phone: "+223 7654321" }, 400, "INVALID_PHONE"],
    ["phone of 15 digits", { customer_phone: "+123456789012345" }, 201],
    ["phone of 16 digits", { customer_phone: "+2237654321012345" }, 400, "INVALID_PHONE"],
    ["phone with letters", { customer_phone: "+2237654321a" }, 400, "INVALID_PHONE"],
    ["phone missing", { customer_phone: undefined }, 400, "MISSING_PHONE"],
    ["delivery_deadline_hours 0", { delivery_deadline_hours: 0 }, 400, "INVALID_DELIVERY_DEADLINE_HOURS"],
    ["delivery_deadline_hours 1", { delivery_deadline_hours: 1 }, 201],
    ["delivery_deadline_hours 720", { delivery_deadline_hours: 720 }, 201],
    ["delivery_deadline_hours 721", { delivery_deadline_hours: 721 }, 400, "INVALID_DELIVERY_DEADLINE_HOURS"],
    ["delivery_deadline_hours 1.5", { delivery_deadline_hours: 1.5 }, 400, "INVALID_DELIVERY_DEADLINE_HOURS"],
    ["client_reference of 64 characters", { client_reference: "r".repeat(64) }, 201],
    ["client_reference of 65 characters", { client_reference: "r".repeat(65) }, 400, "INVALID_CLIENT_REFERENCE"],
    ["customer_name of 100 characters", { customer_name: "n".repeat(100) }, 201],
    ["customer_name of 101 characters", { customer_name: "n".repeat(101) }, 400, "INVALID_CUSTOMER_NAME"],
    ["another currency", { currency: "EUR" }, 400, "INVALID_CURRENCY"],
    ["another payment method", { payment_method: "CARD" }, 400, "INVALID_PAYMENT_METHOD"],
    ["another provider", { provider: "OTHER_WALLET" }, 400, "INVALID_PROVIDER"],
  ];
  for (const [name, overrides, status, code] of cases) {
    it(`${name} → ${status}${code ? ` ${code}` : ""}`, async () => {
      const m = await soMerchant();
      const res = await create(m.testKey, validOrder(overrides));
      expect(res.status).toBe(status);
      if (code) {
        expect(res.body).toEqual({ success: false, error: { code, message: expect.any(String), param: expect.any(String) } });
        const field = Object.keys(overrides)[0];
        expect(res.body.error.param).toBe(field);
        expect(await countOrders(m.merchant.id)).toBe(0);
      }
    });
  }

  it("states the secure-order bounds in the shared codes' messages", async () => {
    const m = await soMerchant();
    expect((await create(m.testKey, validOrder({ amount: 10_000_001 }))).body.error.message).toContain("10,000,000");
    const phone = (await create(m.testKey, validOrder({ customer_phone: "123" }))).body.error.message;
    expect(phone).toContain("8 to 15 digits");
    expect(phone).toContain("76 55 44 33");
  });

  it("answers 404 SECURE_ORDERS_DISABLED on every route without activation, and changes nothing", async () => {
    const m = await newMerchant();
    const id = "00000000-0000-4000-8000-000000000000";
    const answers = [
      await create(m.testKey),
      await list(m.testKey),
      await getOrder(m.testKey, id),
      await cancel(m.testKey, id),
      await confirm(m.testKey, id, "123456"),
      await simulate(m.testKey, id),
      await deliveryCode(m.testKey, id),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("SECURE_ORDERS_DISABLED");
    }
    expect(await countOrders(m.merchant.id)).toBe(0);
  });

  it("replays the same order for the same X-Idempotency-Key, and 409 IDEMPOTENCY_CONFLICT when amount, phone or description differ", async () => {
    const m = await soMerchant();
    const first = await create(m.testKey, validOrder(), { idempotencyKey: "order-42" });
    expect(first.status).toBe(201);
    const replay = await create(m.testKey, validOrder(), { idempotencyKey: "order-42" });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data.id).toBe(first.body.data.id);
    for (const change of [{ amount: 26_000 }, { customer_phone: "+22376543211" }, { description: "Autre chose" }]) {
      const res = await create(m.testKey, validOrder(change), { idempotencyKey: "order-42" });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("IDEMPOTENCY_CONFLICT");
    }
    expect(await countOrders(m.merchant.id)).toBe(1);
    // Without a key every call creates an order.
    await create(m.testKey);
    await create(m.testKey);
    expect(await countOrders(m.merchant.id)).toBe(3);
  });

  it("creates one order for concurrent requests with the same key", async () => {
    const m = await soMerchant();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(m.testKey, validOrder(), { idempotencyKey: "same" })));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await countOrders(m.merchant.id)).toBe(1);
  });

  it("allows 20 creations per minute; the 21st is 429 RATE_LIMIT_EXCEEDED", async () => {
    const m = await soMerchant();
    for (let i = 0; i < 20; i++) expect((await create(m.testKey)).status).toBe(201);
    const res = await create(m.testKey);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(await countOrders(m.merchant.id)).toBe(20);
  });

  it("counts creations: 20 refused bodies in the minute leave the 20 creations intact", async () => {
    const m = await soMerchant();
    for (let i = 0; i < 20; i++) expect((await create(m.testKey, validOrder({ amount: 5 }))).body.error.code).toBe("INVALID_AMOUNT");
    for (let i = 0; i < 20; i++) expect((await create(m.testKey)).status).toBe(201);
    expect((await create(m.testKey)).status).toBe(429);
  });
});

describe("GET /v1/secure-orders and /{id}", () => {
  it("lists newest first with pagination, filters by status and searches reference, description, client_reference and phone", async () => {
    const m = await soMerchant();
    const a = await createdOrder(m.testKey, { description: "Chaussures cuir", client_reference: "CMD-AAA", customer_phone: "+22370111111" });
    const b = await createdOrder(m.testKey, { description: "Sac à main", client_reference: "CMD-BBB", customer_phone: "+22370222222" });
    const c = await createdOrder(m.testKey, { description: "Montre", customer_phone: "+22370333333" });
    await simulate(m.testKey, c.id);

    const all = await list(m.testKey);
    expect(all.status).toBe(200);
    expect(all.body.data.secure_orders.map((o: { id: string }) => o.id)).toEqual([c.id, b.id, a.id]);
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });

    const page2 = await list(m.testKey, "?limit=2&page=2");
    expect(page2.body.data.secure_orders.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect(page2.body.data.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });

    expect((await list(m.testKey, "?status=PAID_HELD")).body.data.secure_orders.map((o: { id: string }) => o.id)).toEqual([c.id]);
    expect((await list(m.testKey, "?status=CREATED")).body.data.pagination.total).toBe(2);

    const search = async (q: string) => (await list(m.testKey, `?search=${encodeURIComponent(q)}`)).body.data.secure_orders.map((o: { id: string }) => o.id);
    expect(await search(b.reference)).toEqual([b.id]);
    expect(await search(b.reference.toLowerCase())).toEqual([b.id]);
    expect(await search("cuir")).toEqual([a.id]);
    expect(await search("cmd-bbb")).toEqual([b.id]);
    expect(await search("70333333")).toEqual([c.id]);
    expect(await search("%")).toEqual([]);
    expect(await search("introuvable")).toEqual([]);
  });

  it("validates the query: limit 100 ok, 101 and 0 → INVALID_PAGINATION, unknown status → INVALID_SECURE_ORDER_STATUS", async () => {
    const m = await soMerchant();
    expect((await list(m.testKey, "?limit=100")).status).toBe(200);
    for (const q of ["?limit=101", "?limit=0", "?page=0", "?page=x"]) {
      const res = await list(m.testKey, q);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_PAGINATION");
    }
    const bad = await list(m.testKey, "?status=PAID");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_SECURE_ORDER_STATUS");
    const long = await list(m.testKey, `?search=${"x".repeat(101)}`);
    expect(long.body.error.code).toBe("INVALID_SEARCH");
  });

  it("isolates merchants and modes: another merchant's or the other mode's order is 404 NOT_FOUND on every route and stays unchanged", async () => {
    const owner = await newLiveMerchant({ secureOrdersEnabled: true });
    const outsider = await soMerchant("Autre boutique");
    const order = await createdOrder(owner.testKey);
    await simulate(owner.testKey, order.id);
    const before = await orderRow(order.id);
    for (const key of [outsider.testKey, owner.liveKey]) {
      const answers = [
        await getOrder(key, order.id),
        await cancel(key, order.id),
        await confirm(key, order.id, "123456"),
      ];
      if (key.startsWith("sk_test_")) answers.push(await simulate(key, order.id), await deliveryCode(key, order.id));
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe("NOT_FOUND");
      }
      expect((await list(key)).body.data.secure_orders).toEqual([]);
      expect((await list(key, `?search=${order.reference}`)).body.data.pagination.total).toBe(0);
    }
    expect(await orderRow(order.id)).toEqual(before);
    expect((await getOrder(owner.testKey, order.id)).body.data.status).toBe("PAID_HELD");
  });

  it("answers 404 NOT_FOUND for an unknown or malformed id", async () => {
    const m = await soMerchant();
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await getOrder(m.testKey, id);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
  });
});

describe("sandbox routes", () => {
  it("refuse a live key with 403 TEST_MODE_ONLY", async () => {
    const m = await newLiveMerchant({ secureOrdersEnabled: true });
    const order = await createdOrder(m.liveKey);
    for (const res of [await simulate(m.liveKey, order.id), await deliveryCode(m.liveKey, order.id)]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("TEST_MODE_ONLY");
    }
  });

  it("validate the outcome and refuse a code before payment", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey);
    const bad = await simulate(m.testKey, order.id, "MAYBE");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_SIMULATION_OUTCOME");
    const code = await deliveryCode(m.testKey, order.id);
    expect(code.status).toBe(409);
    expect(code.body.error.code).toBe("NOT_PAID");
  });

  it("every route carries a doc with a response schema", () => {
    for (const handler of Object.values(routes)) {
      expect(handler.definition.doc?.summary).toBeTruthy();
      expect(handler.definition.doc?.response).toBeTruthy();
    }
  });
});

describe("answers match the OpenAPI document", () => {
  it("for every secure-order route, success and error", async () => {
    const { expectMatchesOpenApi } = await import("@/tests/support/openapi");
    const m = await soMerchant();
    const disabled = await newMerchant();
    const check = (method: string, path: string, res: { status: number; body: unknown }) => expectMatchesOpenApi(method, path, res.status, res.body);

    const created = await create(m.testKey, validOrder({ client_reference: "X-1" }));
    check("POST", "/v1/secure-orders", created);
    check("POST", "/v1/secure-orders", await create(m.testKey, validOrder({ amount: 99 })));
    check("POST", "/v1/secure-orders", await create(disabled.testKey));
    const id = created.body.data.id;
    check("GET", "/v1/secure-orders", await list(m.testKey, "?status=CREATED"));
    check("GET", "/v1/secure-orders", await list(m.testKey, "?limit=101"));
    check("GET", "/v1/secure-orders/{id}", await getOrder(m.testKey, id));
    check("POST", "/v1/secure-orders/{id}/confirm-delivery", await confirm(m.testKey, id, "123456"));
    check("GET", "/v1/sandbox/secure-orders/{id}/delivery-code", await deliveryCode(m.testKey, id));
    check("POST", "/v1/sandbox/secure-orders/{id}/simulate-payment", await simulate(m.testKey, id));
    const code = (await deliveryCode(m.testKey, id)).body.data.code as string;
    check("GET", "/v1/sandbox/secure-orders/{id}/delivery-code", await deliveryCode(m.testKey, id));
    check("POST", "/v1/secure-orders/{id}/confirm-delivery", await confirm(m.testKey, id, String((Number(code) + 1) % 1_000_000).padStart(6, "0")));
    check("POST", "/v1/secure-orders/{id}/confirm-delivery", await confirm(m.testKey, id, "12"));
    check("POST", "/v1/secure-orders/{id}/confirm-delivery", await confirm(m.testKey, id, code));
    check("POST", "/v1/secure-orders/{id}/cancel", await cancel(m.testKey, id));
    const other = await createdOrder(m.testKey);
    check("POST", "/v1/secure-orders/{id}/cancel", await cancel(m.testKey, other.id, { reason: "Client injoignable" }));
    check("POST", "/v1/secure-orders/{id}/cancel", await cancel(m.testKey, other.id, { reason: "x".repeat(301) }));
  });
});
