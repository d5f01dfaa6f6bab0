import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users, type MerchantRole, type Mode } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { newId } from "@/lib/ids";
import { startLinkCheckout } from "@/lib/links/checkout";
import { getPublicLink } from "@/lib/links/service";
import { call } from "@/tests/support/http";
import * as one from "./[id]/route";
import * as archive from "./[id]/archive/route";
import * as links from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;

async function account(name = "Boutique Liens") {
  const created = await signUp(db(), { email: `links-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: name });
  const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
  const as = (m: Mode = "test") => ({ cookie: `${cookie}; cauri_mode=${m}`, origin: ORIGIN });
  /** Another member of the same team, with this role. */
  const member = async (role: MerchantRole) => {
    const [user] = await db()
      .insert(users)
      .values({ id: newId("usr"), email: `${role}-${Date.now()}-${seq++}@links.example.ml`, passwordHash: "x", role: "merchant", merchantId: created.merchantId, merchantRole: role })
      .returning();
    const memberCookie = await mintSessionCookie(user);
    return { cookie: `${memberCookie}; cauri_mode=test`, origin: ORIGIN };
  };
  return { ...created, as, member };
}

type Account = Awaited<ReturnType<typeof account>>;
type Link = { id: string; slug: string; name: string; description: string | null; mode: string; amount: number | null; min_amount: number | null; max_amount: number | null; is_active: boolean; success_redirect_url: string | null };

const OPEN = { name: "Don libre", mode: "OPEN", min_amount: 500, max_amount: 50_000 };
const FIXED = { name: "Tissu wax", amount: 12_500 };

async function newLink(a: Account, body: Record<string, unknown> = OPEN): Promise<Link> {
  const res = await call(links.POST, "POST", "/dashboard-api/links", { body, headers: a.as() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const patch = (id: string, body: unknown, headers: Record<string, string>) => call(one.PATCH, "PATCH", `/dashboard-api/links/${id}`, { body, headers, params: { id } });

async function read(a: Account, id: string): Promise<Link> {
  const res = await call(links.GET, "GET", "/dashboard-api/links?limit=100", { headers: a.as() });
  return res.body.data.links.find((l: Link) => l.id === id);
}

describe("PATCH /dashboard-api/links/[id]", () => {
  it("edits an OPEN link's name, description, bounds, return address and active flag, as PATCH /v1/payment-links does", async () => {
    const a = await account();
    const link = await newLink(a);
    const res = await patch(link.id, { name: "  Cotisation annuelle ", description: "Pour l'association", min_amount: 1_000, max_amount: 35_000, success_redirect_url: "https://Asso.example.ml./merci", is_active: false }, a.as());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: link.id, slug: link.slug, mode: "OPEN", amount: null, name: "Cotisation annuelle", description: "Pour l'association", min_amount: 1_000, max_amount: 35_000, success_redirect_url: "https://asso.example.ml/merci", is_active: false });
    expect(await read(a, link.id)).toMatchObject({ name: "Cotisation annuelle", min_amount: 1_000, max_amount: 35_000, is_active: false });

    // Deactivated: the public page says so and its checkout refuses.
    expect(await getPublicLink(db(), link.slug)).toMatchObject({ is_active: false, min_amount: 1_000, max_amount: 35_000 });
    await expect(startLinkCheckout(db(), link.slug, { customer_phone: "+22370000001", amount: 2_000 })).rejects.toMatchObject({ code: "LINK_INACTIVE" });

    // One field at a time leaves the others; null clears the description and the return address.
    const partial = await patch(link.id, { max_amount: 40_000, description: null, success_redirect_url: null, is_active: true }, a.as());
    expect(partial.body.data).toMatchObject({ name: "Cotisation annuelle", description: null, success_redirect_url: null, min_amount: 1_000, max_amount: 40_000, is_active: true });
    await expect(startLinkCheckout(db(), link.slug, { customer_phone: "+22370000001", amount: 40_000 })).resolves.toMatchObject({ amount: 40_000 });
  });

  it("takes bounds from 100 to 5,000,000 with min at most max, and refuses 99, 5,000,001, min above max and text, naming the field", async () => {
    const a = await account();
    const link = await newLink(a);
    expect((await patch(link.id, { min_amount: 100, max_amount: 5_000_000 }, a.as())).body.data).toMatchObject({ min_amount: 100, max_amount: 5_000_000 });
    expect((await patch(link.id, { min_amount: 7_000, max_amount: 7_000 }, a.as())).body.data).toMatchObject({ min_amount: 7_000, max_amount: 7_000 });

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ min_amount: 99 }, "INVALID_AMOUNT_RANGE", "min_amount"],
      [{ max_amount: 5_000_001 }, "INVALID_AMOUNT_RANGE", "max_amount"],
      [{ min_amount: 7_001 }, "INVALID_AMOUNT_RANGE", "min_amount"],
      [{ min_amount: 8_000, max_amount: 7_500 }, "INVALID_AMOUNT_RANGE", "min_amount"],
      [{ max_amount: 6_999 }, "INVALID_AMOUNT_RANGE", "max_amount"],
      // The server takes whole numbers only: the dashboard's form reads "35 000" before sending.
      [{ max_amount: "35 000" }, "INVALID_AMOUNT_RANGE", "max_amount"],
      [{ max_amount: 35_000.5 }, "INVALID_AMOUNT_RANGE", "max_amount"],
      [{ name: "" }, "INVALID_FIELD", "name"],
      [{ name: "x".repeat(101) }, "INVALID_FIELD", "name"],
      [{ description: "x".repeat(501) }, "INVALID_FIELD", "description"],
      [{ success_redirect_url: "http://asso.example.ml/merci" }, "INVALID_REDIRECT_URL", "success_redirect_url"],
      [{ success_redirect_url: "https://localhost/merci" }, "INVALID_REDIRECT_URL", "success_redirect_url"],
      [{ is_active: "non" }, "INVALID_FIELD", "is_active"],
      [{ mode: "FIXED" }, "LINK_MODE_IMMUTABLE", "mode"],
      [{ amount: 5_000 }, "INVALID_AMOUNT", "amount"],
    ];
    for (const [body, code, param] of refusals) {
      const res = await patch(link.id, { name: "Jamais enregistré", ...body }, a.as());
      expect({ body, status: res.status, code: res.body.error?.code, param: res.body.error?.param }).toEqual({ body, status: 400, code, param });
    }
    expect(await read(a, link.id)).toMatchObject({ name: "Don libre", min_amount: 7_000, max_amount: 7_000, is_active: true, description: null, success_redirect_url: null });
  });

  it("keeps a FIXED link's price and has no bounds to change", async () => {
    const a = await account();
    const link = await newLink(a, FIXED);
    expect((await patch(link.id, { min_amount: 100 }, a.as())).body.error).toMatchObject({ code: "LINK_NOT_OPEN", param: "min_amount" });
    expect((await patch(link.id, { amount: 15_000 }, a.as())).body.error).toMatchObject({ code: "LINK_PRICE_IMMUTABLE", param: "amount" });
    const renamed = await patch(link.id, { name: "Pagne wax", amount: 12_500 }, a.as());
    expect(renamed.body.data).toMatchObject({ name: "Pagne wax", amount: 12_500, min_amount: null, max_amount: null });
  });

  it("refuses a viewer with 403 ROLE_FORBIDDEN and changes nothing; a finance member may edit", async () => {
    const a = await account();
    const link = await newLink(a);
    const viewer = await patch(link.id, { name: "Par un lecteur", is_active: false }, await a.member("viewer"));
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.code).toBe("ROLE_FORBIDDEN");
    expect(viewer.body.error.message).toContain("(viewer)");
    expect(await read(a, link.id)).toMatchObject({ name: "Don libre", is_active: true });

    const finance = await patch(link.id, { name: "Par la comptable" }, await a.member("finance"));
    expect(finance.status).toBe(200);
    expect(await read(a, link.id)).toMatchObject({ name: "Par la comptable" });
  });

  it("answers 404 for another merchant's link and the other mode's, 410 for a deleted one, and changes none of them", async () => {
    const a = await account();
    const b = await account("Autre boutique");
    const link = await newLink(a);
    const foreign = await patch(link.id, { name: "Volé" }, b.as());
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("LINK_NOT_FOUND");
    expect((await patch(link.id, { name: "Live" }, a.as("live"))).status).toBe(404);
    expect(await read(a, link.id)).toMatchObject({ name: "Don libre" });

    expect((await call(archive.POST, "POST", `/dashboard-api/links/${link.id}/archive`, { headers: a.as(), params: { id: link.id } })).status).toBe(200);
    const gone = await patch(link.id, { name: "Après suppression", is_active: true }, a.as());
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe("LINK_ARCHIVED");
  });

  it("refuses a change without the dashboard's Origin (CSRF) or without a session", async () => {
    const a = await account();
    const link = await newLink(a);
    const csrf = await patch(link.id, { name: "Piégé" }, { cookie: a.as().cookie, origin: "https://evil.example" });
    expect(csrf.status).toBe(403);
    expect(csrf.body.error.code).toBe("CSRF_REJECTED");
    expect((await patch(link.id, { name: "Anonyme" }, { origin: ORIGIN })).status).toBe(401);
    expect(await read(a, link.id)).toMatchObject({ name: "Don libre" });
  });
});
