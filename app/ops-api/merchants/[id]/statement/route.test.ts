import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { collectedAt } from "@/lib/books/statement/test-support";
import { call } from "@/tests/support/http";
import { createEnrolledStaffUser } from "@/tests/support/two-factor";
import * as statement from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${seq++}@example.ml`;

async function staff() {
  const { user } = await createEnrolledStaffUser(db(), { email: email("staff"), password: "mot de passe solide" });
  return { user, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

async function merchant() {
  const created = await signUp(db(), { email: email("merchant"), password: "mot de passe solide", businessName: "Boutique Relevé" });
  const user = (await getUser(db(), created.userId))!;
  return { ...created, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

const get = (id: string, qs: string, headers?: Record<string, string>) =>
  call(statement.GET, "GET", `/ops-api/merchants/${id}/statement?${qs}`, { params: { id }, headers });

describe("GET /ops-api/merchants/[id]/statement", () => {
  it("gives staff the merchant's monthly statement as a PDF and audits the reading", async () => {
    const m = await merchant();
    await collectedAt(m.merchantId, "2026-10-10T10:00:00Z", 10_000, 200);
    const s = await staff();
    const res = await get(m.merchantId, "month=2026-10&mode=test&locale=en", s.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`cauri-statement-${m.merchantId}-2026-10-test-en.pdf`);
    expect(String(res.body).startsWith("%PDF-")).toBe(true);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, m.merchantId), eq(auditLog.action, "statement.download")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: `staff:${s.user.email}`, targetType: "merchant", targetId: m.merchantId, after: { month: "2026-10", mode: "test", locale: "en" } });
  });

  it("is refused to a merchant session (404, like every ops route) and without a session (401)", async () => {
    const m = await merchant();
    expect((await get(m.merchantId, "month=2026-10", m.headers)).status).toBe(404);
    expect((await get(m.merchantId, "month=2026-10")).status).toBe(401);
  });

  it("refuses a month that is not YYYY-MM, a missing month and an unknown mode (400), writing no audit row", async () => {
    const m = await merchant();
    const s = await staff();
    for (const [qs, code] of [
      ["month=2026-13", "INVALID_DATE_RANGE"],
      ["month=novembre", "INVALID_DATE_RANGE"],
      ["", "MISSING_FIELD"],
      ["month=2026-10&mode=prod", "INVALID_FIELD"],
    ] as const) {
      const res = await get(m.merchantId, qs, s.headers);
      expect(res.status, qs).toBe(400);
      expect(res.body.error.code, qs).toBe(code);
    }
    expect(await db().select().from(auditLog).where(and(eq(auditLog.merchantId, m.merchantId), eq(auditLog.action, "statement.download")))).toHaveLength(0);
  });

  it("answers 404 for a merchant that does not exist", async () => {
    const s = await staff();
    const res = await get("mer_doesnotexist", "month=2026-10", s.headers);
    expect(res.status).toBe(404);
  });
});
