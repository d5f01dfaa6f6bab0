import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors";
import { actionOfMethod, allows, checkKeyPermission, describePermissions, KEY_RESOURCES, KeyPermissionsSchema } from "./key-permissions";

describe("allows", () => {
  it("a standard key (null) may do everything", () => {
    for (const r of KEY_RESOURCES) for (const a of ["read", "write"] as const) expect(allows(null, r, a)).toBe(true);
  });

  it("write includes read; read is read only; none and a missing resource allow nothing", () => {
    const p = { payments: "write", invoices: "read", webhooks: "none" } as const;
    expect([allows(p, "payments", "read"), allows(p, "payments", "write")]).toEqual([true, true]);
    expect([allows(p, "invoices", "read"), allows(p, "invoices", "write")]).toEqual([true, false]);
    expect([allows(p, "webhooks", "read"), allows(p, "webhooks", "write")]).toEqual([false, false]);
    expect([allows(p, "withdrawals", "read"), allows(p, "withdrawals", "write")]).toEqual([false, false]);
  });
});

describe("checkKeyPermission", () => {
  it("GET and HEAD read, every other method writes", () => {
    expect(["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"].map(actionOfMethod)).toEqual(["read", "read", "write", "write", "write", "write"]);
  });

  it("throws API_KEY_PERMISSION_DENIED (403) naming the permission in the message and param", () => {
    let thrown: unknown;
    try {
      checkKeyPermission({ payments_links: "write" } as never, "payment_links", "PATCH");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const error = thrown as ApiError;
    expect([error.code, error.status, error.param]).toEqual(["API_KEY_PERMISSION_DENIED", 403, "payment_links:write"]);
    expect(error.message).toBe("This key cannot write payment links (needs payment_links:write). Use a key with that permission, or ask an owner of the account to create a restricted key that has it.");
    expect(() => checkKeyPermission({ payment_links: "write" }, "payment_links", "PATCH")).not.toThrow();
    expect(() => checkKeyPermission(null, "withdrawals", "POST")).not.toThrow();
  });
});

describe("KeyPermissionsSchema", () => {
  it("completes a partial map with none for every other resource", () => {
    const parsed = KeyPermissionsSchema.parse({ payments: "write", invoices: "read" });
    expect(Object.keys(parsed)).toEqual([...KEY_RESOURCES]);
    expect(parsed.payments).toBe("write");
    expect(parsed.invoices).toBe("read");
    expect(parsed.withdrawals).toBe("none");
    expect(describePermissions(parsed)).toEqual(["payments:write", "invoices:read"]);
  });

  it("refuses an unknown resource, an unknown level, and a map that allows nothing", () => {
    const issue = (value: unknown) => KeyPermissionsSchema.safeParse(value).error?.issues[0];
    expect(issue({ payouts: "write" })).toMatchObject({ path: ["payouts"], message: expect.stringContaining("is not a resource") });
    expect(issue({ payments: "admin" })).toMatchObject({ path: ["payments"], message: 'must be "none", "read" or "write"' });
    expect(issue({ payments: true })).toMatchObject({ path: ["payments"] });
    expect(issue({})).toMatchObject({ path: [], message: expect.stringContaining("at least one") });
    expect(issue({ payments: "none" })).toMatchObject({ path: [] });
    expect(issue(["payments"])).toBeDefined();
  });
});
