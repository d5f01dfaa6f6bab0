import { describe, expect, it } from "vitest";
import { sectionOf } from "@/components/dashboard/nav";

describe("sectionOf", () => {
  it("marks the most specific section: a settings sub-page is itself, not Settings", () => {
    expect(sectionOf("/dashboard/settings/security")).toBe("security");
    expect(sectionOf("/dashboard/settings/team")).toBe("team");
    expect(sectionOf("/dashboard/settings/notifications")).toBe("notifications");
    expect(sectionOf("/dashboard/settings/audit")).toBe("audit");
    expect(sectionOf("/dashboard/settings")).toBe("settings");
  });

  it("keeps a detail page in its list's section, and the home for /dashboard only", () => {
    expect(sectionOf("/dashboard/payments/txn_123")).toBe("payments");
    expect(sectionOf("/dashboard/withdrawals/wd_1?lang=en")).toBe("withdrawals");
    expect(sectionOf("/dashboard/invoices/inv_1")).toBe("invoices");
    expect(sectionOf("/dashboard/invoices/new")).toBe("invoices");
    expect(sectionOf("/dashboard")).toBe("home");
    expect(sectionOf("/dashboard/")).toBe("home");
  });

  it("matches whole path segments only", () => {
    expect(sectionOf("/dashboard/settings/securityx")).toBe("settings");
    expect(sectionOf("/dashboardx")).toBeNull();
    expect(sectionOf("/ops")).toBeNull();
  });
});
