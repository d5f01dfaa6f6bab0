import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { advanceTestClock } from "@/lib/clock";
import { newId } from "@/lib/ids";
import { call } from "@/tests/support/http";
import * as finalize from "../invoices/[id]/finalize/route";
import * as voidRoute from "../invoices/[id]/void/route";
import * as invoices from "../invoices/route";
import * as exportsRoute from "./route";

const ORIGIN = "http://localhost:3000";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const exportUrl = (extra = "") => `/dashboard-api/exports?type=invoices&from=${day(-1)}&to=${day(30)}&format=csv&delimiter=%3B${extra}`;

/** The CSV's rows as cells, header first (semicolon-separated, no quoted separators in these fixtures). */
const rowsOf = (body: string) =>
  body
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(";").map((cell) => cell.replace(/^"|"$/g, "")));

describe("GET /dashboard-api/exports?type=invoices", () => {
  it("exports each invoice with its number, status as shown (OVERDUE from the due date), customer, total, dates and payment, in French or English", async () => {
    const created = await signUp(db(), { email: `export-invoices-${Date.now()}@example.ml`, password: "mot de passe solide", businessName: "Boutique Factures" });
    const cookie = `${await mintSessionCookie((await getUser(db(), created.userId))!)}; cauri_mode=test`;
    const headers = { cookie, origin: ORIGIN };
    const make = async (body: Record<string, unknown>) => {
      const res = await call(invoices.POST, "POST", "/dashboard-api/invoices", { body: { customer_phone: "70 00 00 01", lines: [{ description: "Pagne", quantity: 2, unit_amount: 6_250 }], ...body }, headers });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as string;
    };
    const draft = await make({ customer_name: "Awa Traoré" });
    const open = await make({ customer_name: "Moussa Keïta", customer_phone: "76 55 44 33", due_date: day(3) });
    const voided = await make({ due_date: day(20) });
    for (const id of [open, voided]) expect((await call(finalize.POST, "POST", `/x/${id}/finalize`, { headers, params: { id } })).status).toBe(200);
    expect((await call(voidRoute.POST, "POST", `/x/${voided}/void`, { body: { reason: "Doublon" }, headers, params: { id: voided } })).status).toBe(200);
    // Five days on the sandbox clock: the open invoice is past its due date, and the file says so.
    await advanceTestClock(db(), created.merchantId, 5 * 86_400);

    const res = await call(exportsRoute.GET, "GET", exportUrl(), { headers: { cookie } });
    expect(res.status, typeof res.body === "string" ? res.body : JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="cauri-invoices-/);
    const [header, ...rows] = rowsOf(res.body as string);
    expect(header).toEqual([
      "Numéro",
      "Identifiant",
      "Date de création (UTC)",
      "Statut",
      "Client",
      "Téléphone du client",
      "Total (FCFA)",
      "Échéance",
      "Finalisée le (UTC)",
      "Payée le (UTC)",
      "Annulée le (UTC)",
      "Paiement",
      "Votre référence",
    ]);
    const byId = new Map(rows.map((r) => [r[1], Object.fromEntries(header.map((h, i) => [h, r[i]]))]));
    expect(rows.map((r) => r[1])).toEqual([voided, open, draft]);
    const year = new Date().getUTCFullYear();
    expect(byId.get(draft)).toMatchObject({ Numéro: "", Statut: "DRAFT", Client: "Awa Traoré", "Téléphone du client": "+22370000001", "Total (FCFA)": "12500", Échéance: "", "Finalisée le (UTC)": "" });
    expect(byId.get(open)).toMatchObject({ Numéro: `FAC-${year}-0001`, Statut: "OVERDUE", Client: "Moussa Keïta", "Téléphone du client": "+22376554433", Échéance: day(3), "Annulée le (UTC)": "" });
    expect(byId.get(open)!["Finalisée le (UTC)"]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(byId.get(voided)).toMatchObject({ Numéro: `FAC-${year}-0002`, Statut: "VOID", Échéance: day(20) });
    expect(byId.get(voided)!["Annulée le (UTC)"]).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const english = await call(exportsRoute.GET, "GET", exportUrl("&locale=en"), { headers: { cookie } });
    expect(rowsOf(english.body as string)[0].slice(0, 4)).toEqual(["Number", "ID", "Created (UTC)", "Status"]);

    // The list's status filter does not apply: OVERDUE is not a stored status.
    const filtered = await call(exportsRoute.GET, "GET", exportUrl("&status=OPEN"), { headers: { cookie } });
    expect(filtered.body.error).toMatchObject({ code: "INVALID_REPORT_FILTER", param: "status" });

    // Only roles with the books permission download it.
    const [developer] = await db()
      .insert(users)
      .values({ id: newId("usr"), email: `dev-${Date.now()}@export-invoices.example.ml`, passwordHash: "x", role: "merchant", merchantId: created.merchantId, merchantRole: "developer" })
      .returning();
    const refused = await call(exportsRoute.GET, "GET", exportUrl(), { headers: { cookie: `${await mintSessionCookie(developer)}; cauri_mode=test` } });
    expect(refused.body.error).toMatchObject({ code: "ROLE_FORBIDDEN" });
  });
});
