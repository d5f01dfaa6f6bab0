import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as invitationRoute from "@/app/dashboard-api/invitation/route";
import * as teamRoute from "@/app/dashboard-api/team/route";
import * as memberRoute from "@/app/dashboard-api/team/[id]/route";
import * as resendRoute from "@/app/dashboard-api/team/[id]/invitation/route";
import * as leaveRoute from "@/app/dashboard-api/team/leave/route";
import * as auditRoute from "@/app/dashboard-api/audit/route";
import { merchantCommands } from "@/bin/commands/merchant";
import { db, type Database } from "@/db/client";
import { auditLog, mailOutbox, merchantRequests, users, type MerchantRole, type User } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { issueUserToken } from "@/lib/auth/tokens";
import { authenticate, createUser, getUser, userOfSession } from "@/lib/auth/users";
import { newId } from "@/lib/ids";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { acceptInvitation, openInvitation } from "@/lib/team/invitations";
import { changeMemberRole, removeMember } from "@/lib/team/members";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "phrase de passe solide";
let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${seq++}@team.example.ml`;

async function team() {
  const { merchant, applicationId } = await newMerchant({ name: "Boutique Équipe" });
  const owner = await createUser(db(), { email: email("owner"), password: PASSWORD, role: "merchant", merchantId: merchant.id, merchantRole: "owner" });
  const as = async (user: User) => ({ cookie: await mintSessionCookie(user), origin: ORIGIN });
  return { merchant, applicationId, owner, as };
}

async function invitationToken(to: string): Promise<string> {
  const [mail] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, "invitation"))).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return new URL(mail.text.match(/https?:\/\/\S+\/account\/invitation\?token=\S+/)![0]).searchParams.get("token")!;
}

const auditOf = (merchantId: string) => db().select().from(auditLog).where(eq(auditLog.merchantId, merchantId)).orderBy(desc(auditLog.createdAt), desc(auditLog.id));

describe("invitations", () => {
  it("an owner invites a member: no password yet, the mail carries a single-use link, and the invitation is audited", async () => {
    const t = await team();
    const address = email("finance");
    const res = await call(teamRoute.POST, "POST", "/dashboard-api/team", { body: { email: address.toUpperCase(), role: "finance" }, headers: await t.as(t.owner) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email: address, role: "finance", status: "invited", two_factor: false, invited_by: t.owner.email });
    const invited = (await getUser(db(), res.body.data.id))!;
    expect(invited).toMatchObject({ passwordHash: null, merchantId: t.merchant.id, merchantRole: "finance", invitedBy: `user:${t.owner.id}` });
    expect(await authenticate(db(), address, PASSWORD)).toEqual({ ok: false, reason: "invalid" });

    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, address));
    expect(mail.subject).toBe("Invitation à rejoindre Boutique Équipe sur Cauri");
    expect(mail.text).toContain(`${t.owner.email} vous invite à rejoindre le compte Boutique Équipe sur Cauri, avec le rôle finance.`);
    const token = await invitationToken(address);
    expect(mail.dedupeKey).not.toContain(token);
    expect(await openInvitation(db(), token)).toMatchObject({ email: address, role: "finance", merchant: { id: t.merchant.id } });

    const [row] = await auditOf(t.merchant.id);
    expect(row).toMatchObject({ actor: `user:${t.owner.id}`, action: "member.invite", targetType: "user", targetId: invited.id, after: { email: address, role: "finance", status: "invited" } });
  });

  it("refuses an e-mail that already has an account (here or elsewhere) with MEMBER_EMAIL_TAKEN, and a bad e-mail or role", async () => {
    const t = await team();
    const other = await team();
    const before = (await auditOf(t.merchant.id)).length;
    for (const taken of [t.owner.email, other.owner.email]) {
      const res = await call(teamRoute.POST, "POST", "/dashboard-api/team", { body: { email: taken, role: "viewer" }, headers: await t.as(t.owner) });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "MEMBER_EMAIL_TAKEN", param: "email" });
    }
    expect((await call(teamRoute.POST, "POST", "/dashboard-api/team", { body: { email: "pas-une-adresse", role: "viewer" }, headers: await t.as(t.owner) })).body.error.code).toBe("INVALID_EMAIL");
    expect((await call(teamRoute.POST, "POST", "/dashboard-api/team", { body: { email: email("x"), role: "boss" }, headers: await t.as(t.owner) })).body.error.code).toBe("INVALID_ROLE");
    expect((await auditOf(t.merchant.id)).length).toBe(before);
  });

  it("accepting sets the password and verifies the e-mail; the link works once, and then the member signs in", async () => {
    const t = await team();
    const address = email("dev");
    await call(teamRoute.POST, "POST", "/dashboard-api/team", { body: { email: address, role: "developer" }, headers: await t.as(t.owner) });
    const token = await invitationToken(address);
    const send = (password: string, tok = token) => call(invitationRoute.POST, "POST", "/dashboard-api/invitation", { body: { token: tok, password }, headers: { origin: ORIGIN, "x-forwarded-for": `198.51.100.${seq++ % 250}` } });
    // Password rules at both edges: 9 characters refused (the token stays usable), 10 accepted.
    expect((await send("123456789")).body.error).toMatchObject({ code: "INVALID_PASSWORD", param: "password" });
    expect((await send("a-wrong-token-value", "nope")).body.error.code).toBe("INVITATION_INVALID");
    const ok = await send("1234567890");
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ email: address });
    const again = await send("1234567890");
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("INVITATION_INVALID");
    expect(await openInvitation(db(), token)).toBeNull();
    const user = (await db().select().from(users).where(eq(users.email, address)))[0];
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await authenticate(db(), address, "1234567890")).toMatchObject({ ok: true, user: { merchantRole: "developer" } });
    expect((await auditOf(t.merchant.id))[0]).toMatchObject({ actor: `user:${user.id}`, action: "member.accept", targetId: user.id });
  });

  it("two acceptances of one link at once: exactly one sets the password", async () => {
    const t = await team();
    const address = email("race");
    await call(teamRoute.POST, "POST", "/dashboard-api/team", { body: { email: address, role: "viewer" }, headers: await t.as(t.owner) });
    const token = await invitationToken(address);
    const attempt = (password: string) => db().transaction((tx) => acceptInvitation(tx as unknown as Database, { token, password }));
    const results = await Promise.allSettled([attempt("first password!"), attempt("second password")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "INVITATION_INVALID" } });
    const winner = results[0].status === "fulfilled" ? "first password!" : "second password";
    expect(await authenticate(db(), address, winner)).toMatchObject({ ok: true });
  });

  it("an expired link is refused; re-sending issues a new one and the previous link stops working; an active member cannot be re-invited", async () => {
    const t = await team();
    const address = email("late");
    const res = await call(teamRoute.POST, "POST", "/dashboard-api/team", { body: { email: address, role: "viewer" }, headers: await t.as(t.owner) });
    const id = res.body.data.id as string;
    const first = await invitationToken(address);
    // Issued 7 days and 1 minute ago: expired.
    const stale = await issueUserToken(db(), id, "invitation", new Date(Date.now() - (7 * 24 * 60 + 1) * 60_000));
    expect(await openInvitation(db(), stale)).toBeNull();
    await expect(db().transaction((tx) => acceptInvitation(tx as unknown as Database, { token: stale, password: PASSWORD }))).rejects.toMatchObject({ code: "INVITATION_INVALID" });
    expect(await openInvitation(db(), first)).toBeNull();

    const resent = await call(resendRoute.POST, "POST", `/dashboard-api/team/${id}/invitation`, { params: { id }, headers: await t.as(t.owner) });
    expect(resent.status).toBe(200);
    const fresh = await invitationToken(address);
    expect(fresh).not.toBe(first);
    expect((await auditOf(t.merchant.id))[0]).toMatchObject({ action: "member.reinvite", targetId: id });
    await db().transaction((tx) => acceptInvitation(tx as unknown as Database, { token: fresh, password: PASSWORD }));
    const done = await call(resendRoute.POST, "POST", `/dashboard-api/team/${id}/invitation`, { params: { id }, headers: await t.as(t.owner) });
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe("INVITATION_ALREADY_ACCEPTED");
  });
});

describe("roles and the last owner", () => {
  const addMember = async (merchantId: string, role: MerchantRole) => createUser(db(), { email: email(role), password: PASSWORD, role: "merchant", merchantId, merchantRole: role });

  it("an owner changes a role and removes a member: sessions end, requests they made stay, each change audited", async () => {
    const t = await team();
    const member = await addMember(t.merchant.id, "viewer");
    const session = { uid: member.id, sv: member.sessionVersion };
    await db().insert(merchantRequests).values({ id: newId("mrq"), merchantId: t.merchant.id, kind: "kyc", requestedBy: member.id });

    const changed = await call(memberRoute.PATCH, "PATCH", `/dashboard-api/team/${member.id}`, { params: { id: member.id }, body: { role: "admin" }, headers: await t.as(t.owner) });
    expect(changed.body.data).toMatchObject({ id: member.id, role: "admin", status: "active" });
    expect((await auditOf(t.merchant.id))[0]).toMatchObject({ action: "member.role_change", before: { role: "viewer" }, after: { role: "admin" } });

    const removed = await call(memberRoute.DELETE, "DELETE", `/dashboard-api/team/${member.id}`, { params: { id: member.id }, headers: await t.as(t.owner) });
    expect(removed.status).toBe(200);
    expect(await userOfSession(db(), session)).toBeNull();
    const [request] = await db().select().from(merchantRequests).where(eq(merchantRequests.merchantId, t.merchant.id));
    expect(request.requestedBy).toBeNull();
    expect((await auditOf(t.merchant.id))[0]).toMatchObject({ actor: `user:${t.owner.id}`, action: "member.remove", targetId: member.id, before: { email: member.email, role: "admin" }, after: null });
    // Gone: the e-mail can be invited again.
    expect((await call(teamRoute.POST, "POST", "/dashboard-api/team", { body: { email: member.email, role: "viewer" }, headers: await t.as(t.owner) })).status).toBe(201);
  });

  it("another merchant's member is NOT_FOUND; the last owner cannot be demoted, removed, or leave", async () => {
    const t = await team();
    const other = await team();
    const headers = await t.as(t.owner);
    expect((await call(memberRoute.PATCH, "PATCH", "/x", { params: { id: other.owner.id }, body: { role: "viewer" }, headers })).status).toBe(404);
    expect((await call(memberRoute.DELETE, "DELETE", "/x", { params: { id: other.owner.id }, headers })).status).toBe(404);
    for (const res of [
      await call(memberRoute.PATCH, "PATCH", "/x", { params: { id: t.owner.id }, body: { role: "admin" }, headers }),
      await call(memberRoute.DELETE, "DELETE", "/x", { params: { id: t.owner.id }, headers }),
      await call(leaveRoute.POST, "POST", "/dashboard-api/team/leave", { headers }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("LAST_OWNER");
    }
    expect((await getUser(db(), t.owner.id))!.merchantRole).toBe("owner");
    // With a second owner, the first may leave.
    const second = await addMember(t.merchant.id, "owner");
    expect((await call(leaveRoute.POST, "POST", "/dashboard-api/team/leave", { headers })).status).toBe(200);
    expect(await getUser(db(), t.owner.id)).toBeNull();
    expect((await getUser(db(), second.id))!.merchantRole).toBe("owner");
  });

  it("two owners demoting (or removing) each other at once leave exactly one owner", async () => {
    for (const act of ["demote", "remove"] as const) {
      const t = await team();
      const second = await addMember(t.merchant.id, "owner");
      const by = (u: User) => ({ actor: { staffId: `user:${u.id}` }, user: u });
      const run = (actor: User, target: User) =>
        db().transaction((tx): Promise<unknown> =>
          act === "demote" ? changeMemberRole(tx as unknown as Database, t.merchant.id, target.id, "viewer", by(actor)) : removeMember(tx as unknown as Database, t.merchant.id, target.id, by(actor)),
        );
      const results = await Promise.allSettled([run(t.owner, second), run(second, t.owner)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "LAST_OWNER" } });
      const owners = await db().select().from(users).where(and(eq(users.merchantId, t.merchant.id), eq(users.merchantRole, "owner")));
      expect(owners).toHaveLength(1);
    }
  });
});

describe("the merchant's audit log", () => {
  it("lists the merchant's rows newest first, paginated, staff shown as staff; owners and admins only", async () => {
    const t = await team();
    const admin = await createUser(db(), { email: email("admin"), password: PASSWORD, role: "merchant", merchantId: t.merchant.id, merchantRole: "admin" });
    const finance = await createUser(db(), { email: email("fin"), password: PASSWORD, role: "merchant", merchantId: t.merchant.id, merchantRole: "finance" });
    for (let i = 0; i < 51; i++) await db().insert(auditLog).values({ id: newId("aud"), actor: i === 50 ? "staff:ops@cauri.ml" : `user:${t.owner.id}`, merchantId: t.merchant.id, action: "member.invite", targetType: "user", targetId: `usr_${i}`, createdAt: new Date(Date.now() - (60 - i) * 1000) });
    const page1 = await call(auditRoute.GET, "GET", "/dashboard-api/audit", { headers: await t.as(admin) });
    expect(page1.body.data).toMatchObject({ page: 1, pages: 2, total: 51 });
    expect(page1.body.data.entries).toHaveLength(50);
    expect(page1.body.data.entries[0]).toMatchObject({ target_id: "usr_50", actor: { kind: "staff" } });
    expect(JSON.stringify(page1.body.data)).not.toContain("ops@cauri.ml");
    expect(page1.body.data.entries[1].actor).toEqual({ kind: "member", id: t.owner.id, email: t.owner.email });
    const page2 = await call(auditRoute.GET, "GET", "/dashboard-api/audit?page=2", { headers: await t.as(t.owner) });
    expect(page2.body.data.entries.map((e: { target_id: string }) => e.target_id)).toEqual(["usr_0"]);
    expect((await call(auditRoute.GET, "GET", "/dashboard-api/audit", { headers: await t.as(finance) })).body.error.code).toBe("ROLE_FORBIDDEN");
  });
});

describe("ops merchant invite-owner", () => {
  const run = async (flags: Record<string, string>) => {
    const printed: unknown[] = [];
    await merchantCommands["invite-owner"].run({ db: db(), args: [], flags: { ...flags, actor: "cli:ops-test" }, json: true, out: (v) => printed.push(v) });
    return printed[0] as Record<string, unknown>;
  };

  it("invites the owner of a merchant created without users; again re-sends; audited with the staff actor; the owner then gets in", async () => {
    const { merchant } = await newMerchant({ name: "Boutique Sans Compte" });
    const address = email("boss");
    const out = await run({ merchant: merchant.id, email: address });
    expect(out).toMatchObject({ merchant_id: merchant.id, email: address, role: "owner", resent: false });
    expect(JSON.stringify(out)).not.toMatch(/token/i);
    const first = await invitationToken(address);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, address));
    expect(mail.text).toContain("L'équipe Cauri vous invite à rejoindre le compte Boutique Sans Compte sur Cauri, avec le rôle propriétaire.");
    expect((await auditOf(merchant.id))[0]).toMatchObject({ actor: "cli:ops-test", action: "member.invite", after: { role: "owner" } });

    expect(await run({ merchant: merchant.id, email: address })).toMatchObject({ resent: true });
    expect(await openInvitation(db(), first)).toBeNull();
    const latest = await invitationToken(address);
    await db().transaction((tx) => acceptInvitation(tx as unknown as Database, { token: latest, password: PASSWORD }));
    expect(await authenticate(db(), address, PASSWORD)).toMatchObject({ ok: true, user: { merchantId: merchant.id, merchantRole: "owner" } });
    await expect(run({ merchant: "mer_nope", email: email("x") })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(run({ merchant: merchant.id, email: address })).rejects.toMatchObject({ code: "MEMBER_EMAIL_TAKEN" });
  });
});
