import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { newId } from "@/lib/ids";
import { parseAuditSearch, searchAudit, type AuditSearch } from "./staff-filters";

// Rows written at chosen instants (the log only refuses UPDATE and DELETE): day edges are exact.
const rows = [
  { actor: "staff:awa@cauri.ml", merchantId: "mer_a", action: "kyc.approve", at: "2026-03-01T00:00:00.000Z" },
  { actor: "staff:awa@cauri.ml", merchantId: "mer_b", action: "withdrawal.approve", at: "2026-03-01T23:59:59.999Z" },
  { actor: "cli:root", merchantId: "mer_a", action: "withdrawal.complete", at: "2026-03-02T00:00:00.000Z" },
  { actor: "user:usr_1", merchantId: "mer_a", action: "member.invite", at: "2026-03-02T12:00:00.000Z" },
  { actor: "staff:moussa@cauri.ml", merchantId: null, action: "kyc.reject", at: "2026-03-03T08:00:00.000Z" },
  { actor: "api_key:key_1", merchantId: "mer_b", action: "webhook_endpoint.create", at: "2026-02-28T23:59:59.999Z" },
];
const ids = new Map<string, string>();

beforeAll(async () => {
  for (const r of rows) {
    const id = newId("aud");
    ids.set(`${r.action}@${r.at}`, id);
    await db().insert(auditLog).values({ id, actor: r.actor, merchantId: r.merchantId, action: r.action, targetType: "merchant", targetId: r.merchantId ?? "none", before: null, after: null, createdAt: new Date(r.at) });
  }
});

const actions = async (search: Partial<AuditSearch>) => (await searchAudit(db(), search as AuditSearch)).entries.map((e) => e.action);

describe("the staff audit search", () => {
  it("lists everything newest first without a filter", async () => {
    expect(await actions({})).toEqual(["kyc.reject", "member.invite", "withdrawal.complete", "withdrawal.approve", "kyc.approve", "webhook_endpoint.create"]);
  });

  it("filters by a case-insensitive part of the actor", async () => {
    expect(await actions({ actor: "AWA@" })).toEqual(["withdrawal.approve", "kyc.approve"]);
    expect(await actions({ actor: "cli:" })).toEqual(["withdrawal.complete"]);
    // LIKE wildcards are literal: "%" matches no actor.
    expect(await actions({ actor: "%" })).toEqual([]);
  });

  it("filters by the exact merchant id", async () => {
    expect(await actions({ merchant: "mer_a" })).toEqual(["member.invite", "withdrawal.complete", "kyc.approve"]);
    expect(await actions({ merchant: "mer_" })).toEqual([]);
  });

  it("filters by the start of the action", async () => {
    expect(await actions({ action: "kyc" })).toEqual(["kyc.reject", "kyc.approve"]);
    expect(await actions({ action: "withdrawal.approve" })).toEqual(["withdrawal.approve"]);
    expect(await actions({ action: "approve" })).toEqual([]);
  });

  it("takes whole days: from is inclusive at 00:00:00, to includes its last millisecond and excludes the next day's 00:00", async () => {
    expect(await actions({ from: "2026-03-01" })).toEqual(["kyc.reject", "member.invite", "withdrawal.complete", "withdrawal.approve", "kyc.approve"]);
    expect(await actions({ to: "2026-03-01" })).toEqual(["withdrawal.approve", "kyc.approve", "webhook_endpoint.create"]);
    expect(await actions({ from: "2026-03-01", to: "2026-03-01" })).toEqual(["withdrawal.approve", "kyc.approve"]);
    expect(await actions({ from: "2026-03-02", to: "2026-03-02" })).toEqual(["member.invite", "withdrawal.complete"]);
  });

  it("combines every filter with AND", async () => {
    expect(await actions({ actor: "staff:", merchant: "mer_a" })).toEqual(["kyc.approve"]);
    expect(await actions({ merchant: "mer_a", action: "withdrawal" })).toEqual(["withdrawal.complete"]);
    expect(await actions({ actor: "staff:", action: "kyc", from: "2026-03-02" })).toEqual(["kyc.reject"]);
    expect(await actions({ actor: "staff:awa", merchant: "mer_b", action: "withdrawal", from: "2026-03-01", to: "2026-03-01" })).toEqual(["withdrawal.approve"]);
    expect(await actions({ actor: "staff:awa", merchant: "mer_b", action: "withdrawal", from: "2026-03-02" })).toEqual([]);
  });

  it("pages by keyset with the filters kept: no row repeated or skipped, null after the last page", async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await searchAudit(db(), { merchant: "mer_a", before } as AuditSearch, 2);
      seen.push(...result.entries.map((e) => e.action));
      if (!result.next) break;
      before = result.next;
    }
    expect(seen).toEqual(["member.invite", "withdrawal.complete", "kyc.approve"]);
    const first = await searchAudit(db(), {} as AuditSearch, 6);
    expect(first.next).toBeNull();
  });

  it("keeps rows written in the same millisecond apart (the cursor holds PostgreSQL's microseconds)", async () => {
    const at = "2026-05-05T10:00:00.123";
    for (const us of ["456", "457", "458"]) {
      await db().execute(sql`insert into audit_log (id, actor, merchant_id, action, target_type, target_id, created_at) values (${`aud_us_${us}`}, 'staff:us', 'mer_us', 'same.ms', 'merchant', 'mer_us', ${`${at}${us}Z`}::timestamptz)`);
    }
    const first = await searchAudit(db(), { merchant: "mer_us" } as AuditSearch, 1);
    const second = await searchAudit(db(), { merchant: "mer_us", before: first.next! } as AuditSearch, 1);
    const third = await searchAudit(db(), { merchant: "mer_us", before: second.next! } as AuditSearch, 1);
    expect([first, second, third].map((p) => p.entries[0].id)).toEqual(["aud_us_458", "aud_us_457", "aud_us_456"]);
    expect(third.next).toBeNull();
  });

  it("reads the filters from the URL: empty fields are no filter, bad days and reversed ranges are refused", () => {
    expect(parseAuditSearch({ actor: "", merchant: " mer_a ", action: ["kyc", "x"], from: "", to: "2026-03-01", lang: "fr" })).toEqual({ merchant: "mer_a", action: "kyc", to: "2026-03-01" });
    expect(() => parseAuditSearch({ from: "2026-02-30" })).toThrow(expect.objectContaining({ code: "INVALID_DATE_RANGE", param: "from" }));
    expect(() => parseAuditSearch({ to: "01/03/2026" })).toThrow(expect.objectContaining({ code: "INVALID_DATE_RANGE", param: "to" }));
    expect(() => parseAuditSearch({ from: "2026-03-02", to: "2026-03-01" })).toThrow(expect.objectContaining({ code: "INVALID_DATE_RANGE", param: "to" }));
    expect(parseAuditSearch({ from: "2026-03-01", to: "2026-03-01" })).toMatchObject({ from: "2026-03-01", to: "2026-03-01" });
    expect(() => parseAuditSearch({ before: "not-a-cursor" })).toThrow(expect.objectContaining({ code: "INVALID_FIELD", param: "before" }));
    expect(() => parseAuditSearch({ actor: "a".repeat(121) })).toThrow(expect.objectContaining({ param: "actor" }));
    expect(parseAuditSearch({ actor: "a".repeat(120) }).actor).toHaveLength(120);
  });
});
