import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { member } from "@/lib/notifications/test-support";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { GET, PUT } from "./route";

const ORIGIN = "http://localhost:3000";
const PATH = "/dashboard-api/account/notifications";
const headersOf = async (user: Awaited<ReturnType<typeof member>>) => ({ cookie: await mintSessionCookie(user), origin: ORIGIN });
const optOutsOf = async (id: string) => (await db().select({ o: users.notificationOptOuts }).from(users).where(eq(users.id, id)))[0].o;

describe("/dashboard-api/account/notifications", () => {
  it("shows owners and finance the kinds they receive, and other roles that these mails go to owners and finance", async () => {
    const m = await newMerchant();
    const finance = await member(m.merchant.id, "finance", { optOuts: ["webhook_failing"] });
    const res = await call(GET, "GET", PATH, { headers: await headersOf(finance) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      receives: true,
      roles: ["owner", "finance"],
      kinds: [
        { kind: "withdrawal_updates", enabled: true },
        { kind: "webhook_failing", enabled: false },
        { kind: "dispute_opened", enabled: true },
        { kind: "production_opened", enabled: true },
        { kind: "weekly_summary", enabled: true },
      ],
      opt_outs: ["webhook_failing"],
    });
    const viewer = await member(m.merchant.id, "viewer");
    expect((await call(GET, "GET", PATH, { headers: await headersOf(viewer) })).body.data).toMatchObject({ receives: false, roles: ["owner", "finance"] });
    expect((await call(GET, "GET", PATH)).body.error.code).toBe("SESSION_REQUIRED");
  });

  it("replaces the caller's own opt-outs and nobody else's", async () => {
    const m = await newMerchant();
    const owner = await member(m.merchant.id, "owner");
    const colleague = await member(m.merchant.id, "owner", { optOuts: ["dispute_opened"] });
    const res = await call(PUT, "PUT", PATH, { headers: await headersOf(owner), body: { opt_outs: ["withdrawal_updates", "production_opened", "withdrawal_updates"] } });
    expect(res.status).toBe(200);
    expect(res.body.data.opt_outs).toEqual(["withdrawal_updates", "production_opened"]);
    expect(await optOutsOf(owner.id)).toEqual(["withdrawal_updates", "production_opened"]);
    expect(await optOutsOf(colleague.id)).toEqual(["dispute_opened"]);

    expect((await call(PUT, "PUT", PATH, { headers: await headersOf(owner), body: { opt_outs: [] } })).body.data.opt_outs).toEqual([]);
    expect(await optOutsOf(owner.id)).toEqual([]);
    expect(await optOutsOf(colleague.id)).toEqual(["dispute_opened"]);
  });

  it("answers 400 INVALID_NOTIFICATION_KIND for an unknown kind, naming the kinds, and changes nothing", async () => {
    const m = await newMerchant();
    const owner = await member(m.merchant.id, "owner", { optOuts: ["webhook_failing"] });
    const headers = await headersOf(owner);
    const unknown = await call(PUT, "PUT", PATH, { headers, body: { opt_outs: ["withdrawal_updates", "newsletter"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "INVALID_NOTIFICATION_KIND", param: "opt_outs.1" });
    expect(unknown.body.error.message).toBe("opt_outs.1 must be one of withdrawal_updates, webhook_failing, dispute_opened, production_opened, weekly_summary.");
    const notAList = await call(PUT, "PUT", PATH, { headers, body: { opt_outs: "webhook_failing" } });
    expect(notAList.status).toBe(400);
    expect(notAList.body.error.code).toBe("INVALID_NOTIFICATION_KIND");
    const missing = await call(PUT, "PUT", PATH, { headers, body: {} });
    expect(missing.body.error).toMatchObject({ code: "MISSING_FIELD", param: "opt_outs" });
    expect(await optOutsOf(owner.id)).toEqual(["webhook_failing"]);
    // A mutating call from another site is refused before anything is read.
    expect((await call(PUT, "PUT", PATH, { headers: { ...headers, origin: "https://evil.example" }, body: { opt_outs: [] } })).body.error.code).toBe("CSRF_REJECTED");
    expect(await optOutsOf(owner.id)).toEqual(["webhook_failing"]);
  });
});
