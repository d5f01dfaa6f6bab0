import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { addresses, mailsOf, team } from "@/lib/notifications/test-support";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { paymentAt } from "./test-support";
import { isoWeekLabel, lastWeek, runWeeklySummaries } from "./weekly-summary";

// Monday 23 Nov 2026, 08:00 in Bamako (UTC): last week is Monday 16 to Sunday 22 November, ISO week 2026-W47.
const MONDAY = new Date("2026-11-23T08:00:00Z");

async function liveShop(name = "Boutique Hebdo") {
  const m = await newLiveMerchant({ name });
  return { id: m.merchant.id, applicationId: m.applicationId };
}

describe("lastWeek", () => {
  it("is the Monday-to-Sunday week before the current one, with its ISO week", () => {
    expect(lastWeek(MONDAY)).toEqual({
      previousFrom: new Date("2026-11-09T00:00:00Z"),
      from: new Date("2026-11-16T00:00:00Z"),
      to: new Date("2026-11-23T00:00:00Z"),
      label: "2026-W47",
    });
    expect(lastWeek(new Date("2026-11-29T23:59:59Z")).label).toBe("2026-W47");
    expect(isoWeekLabel(new Date("2026-12-28T00:00:00Z"))).toBe("2026-W53");
    expect(isoWeekLabel(new Date("2027-01-04T00:00:00Z"))).toBe("2027-W01");
  });
});

describe("runWeeklySummaries", () => {
  it("mails each entitled member once per week, even run twice or concurrently, and skips those who turned it off", async () => {
    const shop = await liveShop();
    const t = await team(shop.id, "weekly_summary");
    await paymentAt(shop, { at: "2026-11-16T00:00:00Z", amount: 10_000, status: "SUCCESS" });
    await paymentAt(shop, { at: "2026-11-22T23:59:59.999Z", amount: 5_000, status: "SUCCESS", purpose: "invoice" });
    await paymentAt(shop, { at: "2026-11-18T10:00:00Z", amount: 3_000, status: "FAILED" });
    await paymentAt(shop, { at: "2026-11-23T00:00:00Z", amount: 70_000, status: "SUCCESS" }); // this week: not in the summary
    await paymentAt(shop, { at: "2026-11-20T10:00:00Z", amount: 80_000, status: "SUCCESS", mode: "test" }); // test mode: never
    await paymentAt(shop, { at: "2026-11-10T10:00:00Z", amount: 10_000, status: "SUCCESS" }); // the week before

    await Promise.all([runWeeklySummaries(db(), MONDAY), runWeeklySummaries(db(), MONDAY)]);
    await runWeeklySummaries(db(), new Date("2026-11-23T11:59:00Z"));
    const prefix = `weekly-summary:${shop.id}:2026-W47:`;
    const mails = await mailsOf(prefix);
    expect(mails.map((mail) => mail.to)).toEqual(addresses(t.eligible));
    expect(mails.every((mail) => mail.template === "weekly_summary" && mail.locale === "fr")).toBe(true);

    const [mail] = mails;
    expect(mail.subject).toBe("Votre semaine sur Cauri : 15 000 FCFA encaissés");
    expect(mail.text).toContain("Voici la semaine de Boutique Hebdo du 16 nov. 2026 au 22 nov. 2026, paiements en production.");
    expect(mail.text).toContain("C'est 50 % de plus que la semaine précédente.");
    expect(mail.text).toContain("Encaissé : 15 000 FCFA");
    expect(mail.text).toContain("Paiements : 3");
    expect(mail.text).toContain("Taux de réussite : 66,7 %");
    expect(mail.text).toContain("Semaine précédente : encaissé : 10 000 FCFA");
    expect(mail.text).toContain("Semaine précédente : taux de réussite : 100 %");
    expect(mail.text).toMatch(/Voir les chiffres : https?:\/\/[^\s]+\/dashboard\/figures\?period=7/);
    expect(mail.text).toMatch(/\/dashboard\/settings\/notifications/);
    expect(mail.html).toContain("15 000 FCFA");

    // The next Monday is another week: one more mail each.
    await runWeeklySummaries(db(), new Date("2026-11-30T07:00:00Z"));
    expect((await mailsOf(`weekly-summary:${shop.id}:2026-W48:`)).map((mail) => mail.to)).toEqual(addresses(t.eligible));
  });

  it("sends only on Monday morning", async () => {
    const shop = await liveShop();
    await team(shop.id, "weekly_summary");
    await paymentAt(shop, { at: "2026-11-17T10:00:00Z", amount: 1_000, status: "SUCCESS" });
    for (const at of ["2026-11-23T06:59:59Z", "2026-11-23T12:00:00Z", "2026-11-24T08:00:00Z", "2026-11-22T08:00:00Z"]) {
      expect(await runWeeklySummaries(db(), new Date(at)), at).toBe(0);
    }
    expect(await mailsOf(`weekly-summary:${shop.id}:`)).toEqual([]);
  });

  it("says nothing to a merchant without live payments in either week, nor to one not in production", async () => {
    const quiet = await liveShop("Boutique Calme");
    await team(quiet.id, "weekly_summary");
    await paymentAt(quiet, { at: "2026-11-17T10:00:00Z", amount: 1_000, status: "SUCCESS", mode: "test" });
    const sandbox = await newMerchant();
    await team(sandbox.merchant.id, "weekly_summary");
    await paymentAt({ id: sandbox.merchant.id, applicationId: sandbox.applicationId }, { at: "2026-11-17T10:00:00Z", amount: 1_000, status: "SUCCESS" });
    await runWeeklySummaries(db(), MONDAY);
    expect(await mailsOf(`weekly-summary:${quiet.id}:`)).toEqual([]);
    expect(await mailsOf(`weekly-summary:${sandbox.merchant.id}:`)).toEqual([]);
  });

  it("words a drop in English too", async () => {
    const { renderMail } = await import("@/lib/mail/templates");
    const mail = renderMail("weekly_summary", "en", {
      merchantName: "Shop",
      firstDay: "2026-11-16",
      lastDay: "2026-11-22",
      current: { collected: 7_500, count: 2, success_rate: 0.5 },
      previous: { collected: 10_000, count: 4, success_rate: null },
      link: "https://cauri.example/dashboard/figures?period=7",
      settingsLink: "https://cauri.example/dashboard/settings/notifications",
    });
    expect(mail.subject).toBe("Your week on Cauri: 7 500 FCFA collected");
    expect(mail.text).toContain("That is 25% less than the week before.");
    expect(mail.text).toContain("Week before: success rate: no finished payment");
  });
});
