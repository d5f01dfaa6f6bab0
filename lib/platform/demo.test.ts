import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { apiKeys, applications, merchants, users } from "@/db/schema";
import { authenticate } from "@/lib/auth/users";
import { DEMO_EMAIL, DEMO_MERCHANT_ID, seedDemoMerchant, type DemoCredentials } from "./demo";

// The demo merchant has a fixed id: each test starts from a database without it.
beforeEach(async () => {
  await db().delete(users).where(eq(users.email, DEMO_EMAIL));
  await db().delete(apiKeys).where(eq(apiKeys.merchantId, DEMO_MERCHANT_ID));
  await db().delete(applications).where(inArray(applications.merchantId, [DEMO_MERCHANT_ID]));
  await db().delete(merchants).where(eq(merchants.id, DEMO_MERCHANT_ID));
});

const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as DemoCredentials;

describe("the demo merchant of npm run dev", () => {
  it("comes with an owner who can sign in to the dashboard, once, the password kept beside the test key", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cauri-demo-"));
    const first = await seedDemoMerchant(db(), dir);
    expect(first.created).toBe(true);
    expect(first.credentials).toMatchObject({ merchant_id: DEMO_MERCHANT_ID, test_key: expect.stringMatching(/^sk_test_/), dashboard: { email: DEMO_EMAIL, password: expect.stringMatching(/^demo-/) } });
    expect(read(first.file)).toEqual(first.credentials);
    const signIn = await authenticate(db(), DEMO_EMAIL, first.credentials!.dashboard!.password);
    expect(signIn).toMatchObject({ ok: true, user: { merchantId: DEMO_MERCHANT_ID, merchantRole: "owner", emailVerifiedAt: expect.any(Date) } });

    const again = await seedDemoMerchant(db(), dir);
    expect(again).toMatchObject({ created: false, credentials: first.credentials });
    expect(await db().select().from(users).where(eq(users.email, DEMO_EMAIL))).toHaveLength(1);
  });

  it("gives a data directory from before the owner existed its owner on the next start", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cauri-demo-"));
    const seeded = await seedDemoMerchant(db(), dir);
    await db().delete(users).where(eq(users.email, DEMO_EMAIL));
    const { dashboard: _dropped, ...older } = seeded.credentials!;
    writeFileSync(seeded.file, JSON.stringify(older));
    const next = await seedDemoMerchant(db(), dir);
    expect(next.credentials?.dashboard?.email).toBe(DEMO_EMAIL);
    expect(read(next.file).dashboard).toEqual(next.credentials!.dashboard);
    expect((await authenticate(db(), DEMO_EMAIL, next.credentials!.dashboard!.password)).ok).toBe(true);
  });
});
