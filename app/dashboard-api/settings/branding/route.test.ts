import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, users, type MerchantRole } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from "@/lib/branding/image";
import { dataUrl, HTML_PAGE, jpeg, png, SVG_WITH_SCRIPT } from "@/lib/branding/test-images";
import { newId } from "@/lib/ids";
import { createMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import * as serve from "@/app/brand/[merchantId]/[file]/route";
import * as branding from "./route";
import * as logo from "./logo/route";

const ORIGIN = "http://localhost:3000";

async function merchantWithTeam(name = "Awa & Fils Commerce") {
  const { merchant } = await createMerchant(db(), { name });
  const as = async (role: MerchantRole) => {
    const [user] = await db()
      .insert(users)
      .values({ id: newId("usr"), email: `${role}-${newId("x")}@brand.example.ml`, passwordHash: "x", role: "merchant", merchantId: merchant.id, merchantRole: role })
      .returning();
    return { cookie: `${await mintSessionCookie(user)}; cauri_mode=test`, origin: ORIGIN };
  };
  return { merchant, as };
}

const putLogo = (headers: Record<string, string>, body: unknown) => call(logo.PUT, "PUT", "/dashboard-api/settings/branding/logo", { headers, body });
const patchAccent = (headers: Record<string, string>, accent: unknown) => call(branding.PATCH, "PATCH", "/dashboard-api/settings/branding", { headers, body: { accent } });
// Next.js hands the route its own params; the helper types them loosely.
const serveLogo = serve.GET as unknown as Parameters<typeof call>[0];
const getLogo = (merchantId: string, file: string) => call(serveLogo, "GET", `/brand/${merchantId}/${file}`, { params: { merchantId, file } });

describe("branding settings routes", () => {
  it("lets owners and admins change the logo and colour; refuses the other roles with ROLE_FORBIDDEN and changes nothing", async () => {
    const { merchant, as } = await merchantWithTeam();
    for (const role of ["developer", "finance", "viewer"] as const) {
      const headers = await as(role);
      const refused = [await putLogo(headers, { logo: dataUrl(png(40, 40)) }), await patchAccent(headers, "#0b6e4f"), await call(logo.DELETE, "DELETE", "/dashboard-api/settings/branding/logo", { headers })];
      for (const res of refused) expect({ role, status: res.status, code: res.body.error.code }).toEqual({ role, status: 403, code: "ROLE_FORBIDDEN" });
      // Every member reads the settings (the page shows them).
      expect((await call(branding.GET, "GET", "/dashboard-api/settings/branding", { headers })).status).toBe(200);
    }
    expect((await call(branding.GET, "GET", "/dashboard-api/settings/branding", { headers: await as("viewer") })).body.data).toMatchObject({ logo: null, accent: null, initials: "AF", file: null });
    for (const role of ["owner", "admin"] as const) expect((await patchAccent(await as(role), "#0B6E4F")).status).toBe(200);
    const audited = await db().select().from(auditLog).where(and(eq(auditLog.merchantId, merchant.id), eq(auditLog.action, "brand.accent_update")));
    expect(audited).toHaveLength(2);
    expect(audited[0].actor).toMatch(/^user:usr_/);
    expect(audited[1].after).toMatchObject({ accent: "#0b6e4f" });
  });

  it("stores a logo judged by its content, whatever its declared type, and serves it at its hash URL with long cache headers", async () => {
    const { merchant, as } = await merchantWithTeam();
    const owner = await as("owner");
    // A PNG declared as JPEG, as a browser does for a PNG renamed logo.jpg.
    const file = png(160, 40);
    const saved = await putLogo(owner, { logo: dataUrl(file, "image/jpeg") });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.file).toEqual({ type: "image/png", bytes: file.length });
    expect(saved.body.data.logo).toEqual({ url: expect.stringMatching(new RegExp(`^/brand/${merchant.id}/[0-9a-f]{16}\\.png$`)), width: 160, height: 40 });
    const name = saved.body.data.logo.url.split("/").pop();

    const served = await getLogo(merchant.id, name);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-length")).toBe(String(file.length));

    // A wrong hash, the right hash with another extension, another merchant, junk: 404, never the file.
    for (const [id, wrong] of [[merchant.id, "0000000000000000.png"], [merchant.id, name.replace(".png", ".jpg")], ["mer_other", name], [merchant.id, "../../etc.png"]]) {
      const res = await getLogo(id, wrong);
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }

    // A JPEG declared as PNG is stored as the JPEG it is; the old URL stops answering.
    const replaced = await putLogo(owner, { logo: dataUrl(jpeg(300, 100), "image/png") });
    expect(replaced.body.data.file.type).toBe("image/jpeg");
    expect(replaced.body.data.logo.url).toMatch(/\.jpg$/);
    expect((await getLogo(merchant.id, name)).status).toBe(404);
    const jpg = await getLogo(merchant.id, replaced.body.data.logo.url.split("/").pop());
    expect(jpg.headers.get("content-type")).toBe("image/jpeg");

    const removed = await call(logo.DELETE, "DELETE", "/dashboard-api/settings/branding/logo", { headers: owner });
    expect(removed.body.data).toMatchObject({ logo: null, file: null });
    const actions = (await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.merchantId, merchant.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["brand.logo_update", "brand.logo_update", "brand.logo_remove"]));
  });

  it("refuses SVG, other files and files past the limits with the catalogue's codes on `logo`, naming what was found", async () => {
    const { as } = await merchantWithTeam();
    const owner = await as("owner");
    const cases: [Buffer, string, string, RegExp?][] = [
      [SVG_WITH_SCRIPT, "image/svg+xml", "LOGO_SVG_REFUSED", /^SVG is not accepted; upload a PNG or JPEG\.$/],
      [HTML_PAGE, "image/png", "LOGO_NOT_IMAGE"],
      [png(64, 64, { size: LOGO_MAX_BYTES + 1 }), "image/png", "LOGO_TOO_LARGE", new RegExp(`\\(${LOGO_MAX_BYTES + 1} bytes\\).*${LOGO_MAX_BYTES} bytes`)],
      [png(LOGO_MAX_PIXELS + 1, 1), "image/png", "LOGO_TOO_MANY_PIXELS", /2049 × 1 pixels.*2048 × 2048/],
    ];
    for (const [bytes, declared, code, message] of cases) {
      const res = await putLogo(owner, { logo: dataUrl(bytes, declared) });
      expect({ status: res.status, code: res.body.error.code, param: res.body.error.param }).toEqual({ status: 400, code, param: "logo" });
      if (message) expect(res.body.error.message).toMatch(message);
    }
    // Exactly at both limits: taken.
    expect((await putLogo(owner, { logo: dataUrl(png(64, 64, { size: LOGO_MAX_BYTES })) })).status).toBe(200);
    expect((await putLogo(owner, { logo: dataUrl(png(LOGO_MAX_PIXELS, LOGO_MAX_PIXELS)) })).status).toBe(200);
    // Not a data URL at all.
    const junk = await putLogo(owner, { logo: "https://example.com/logo.png" });
    expect({ code: junk.body.error.code, param: junk.body.error.param }).toEqual({ code: "LOGO_NOT_IMAGE", param: "logo" });
  });

  it("refuses an unreadable accent with the ratio found and the ratio needed, and a malformed one", async () => {
    const { as } = await merchantWithTeam();
    const owner = await as("owner");
    const light = await patchAccent(owner, "#98670c");
    expect({ status: light.status, code: light.body.error.code, param: light.body.error.param }).toEqual({ status: 400, code: "ACCENT_CONTRAST_TOO_LOW", param: "accent" });
    expect(light.body.error.message).toContain("contrast of 4.49:1 against the page background; at least 4.5:1 is needed");
    expect((await patchAccent(owner, "#d52c47")).status).toBe(200);
    for (const bad of ["0b6e4f", "#0b6e4", "#0b6e4fz", "red", 42]) {
      const res = await patchAccent(owner, bad);
      expect({ bad, code: res.body.error.code, param: res.body.error.param }).toEqual({ bad, code: "INVALID_ACCENT_COLOR", param: "accent" });
    }
    const cleared = await patchAccent(owner, null);
    expect(cleared.body.data.accent).toBeNull();
  });
});
