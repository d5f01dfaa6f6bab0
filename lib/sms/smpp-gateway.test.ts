import { afterEach, describe, expect, it } from "vitest";
import smpp from "smpp";
import { TestSmppServer } from "@/tests/support/smpp-server";
import { smppOptions } from "./config";
import { SmppError, SmppGateway, type DeliveryReceipt } from "./smpp-gateway";

let server: TestSmppServer;
let gateway: SmppGateway | null = null;

afterEach(async () => {
  gateway?.close();
  gateway = null;
  await server?.stop();
});

const open = (url: string, receipts: DeliveryReceipt[] = []) =>
  (gateway = new SmppGateway({ ...smppOptions(url), timeoutMs: 2_000, onReceipt: async (r) => void receipts.push(r) }));

describe("the SMPP gateway, against a real SMPP server", () => {
  it("sends a short French text in one GSM-7 segment, to the number without its +", async () => {
    server = await new TestSmppServer().start();
    const sent = await open(server.url).submit({ from: "Cauri", to: "+22376554433", text: "Paiement réussi : 12 500 FCFA." });
    expect(sent).toMatchObject({ encoding: "gsm7", segments: 1, messageIds: ["gw-1"] });
    expect(server.received).toMatchObject([{ from: "Cauri", to: "22376554433", dataCoding: smpp.ENCODING.SMSC_DEFAULT, text: "Paiement réussi : 12 500 FCFA.", udh: null }]);
  });

  it("sends a text needing UCS-2 with data_coding 8, concatenated parts carrying one reference", async () => {
    server = await new TestSmppServer().start();
    const text = `Votre reçu : ${"ç".repeat(80)}`;
    const sent = await open(server.url).submit({ from: "Cauri", to: "+22376554433", text });
    expect(sent).toMatchObject({ encoding: "ucs2", segments: 2 });
    expect(server.received.map((r) => r.dataCoding)).toEqual([smpp.ENCODING.UCS2, smpp.ENCODING.UCS2]);
    expect(server.received.map((r) => r.text).join("")).toBe(text);
    // Each part's concatenation element: IEI 0, length 3, then the reference, the count, its number.
    const [first, second] = server.received.map((r) => [...r.udh!]);
    expect(first).toEqual([0, 3, first[2], 2, 1]);
    expect(second).toEqual([0, 3, first[2], 2, 2]);
  });

  it("records a delivery receipt before acknowledging it", async () => {
    server = await new TestSmppServer().start();
    const receipts: DeliveryReceipt[] = [];
    const sent = await open(server.url, receipts).submit({ from: "Cauri", to: "+22376554433", text: "Bonjour" });
    await server.sendReceipt(sent.messageIds[0]);
    expect(receipts).toEqual([{ messageId: "gw-1", state: "DELIVERED", error: null }]);
  });

  it("says so when the gateway is down, and sends once it is back, on a new session", async () => {
    server = await new TestSmppServer().start();
    const port = server.port;
    const g = open(server.url);
    await g.submit({ from: "Cauri", to: "+22376554433", text: "un" });
    await server.stop();
    await expect(g.submit({ from: "Cauri", to: "+22376554433", text: "deux" })).rejects.toBeInstanceOf(SmppError);
    server.port = port;
    await server.start();
    await expect(g.submit({ from: "Cauri", to: "+22376554433", text: "trois" })).resolves.toMatchObject({ segments: 1 });
    expect(server.received.map((r) => r.text)).toEqual(["un", "trois"]);
  });

  it("names the credentials when the bind is refused", async () => {
    server = await new TestSmppServer({ systemId: "cauri", password: "right" }).start();
    const wrong = server.url.replace(":right@", ":wrong@");
    await expect(open(wrong).submit({ from: "Cauri", to: "+22376554433", text: "x" })).rejects.toThrow(/refused the bind.*system_id and password/);
  });
});

describe("SMS_URL", () => {
  it("reads smpp:// and smpps:// with their default ports", () => {
    expect(smppOptions("smpp://id:p%40ss@gw.example:2776")).toEqual({ host: "gw.example", port: 2776, tls: false, systemId: "id", password: "p@ss" });
    expect(smppOptions("smpps://id:pw@gw.example")).toMatchObject({ port: 3550, tls: true });
    expect(smppOptions("smpp://id:pw@gw.example")).toMatchObject({ port: 2775, tls: false });
  });
  it("refuses another scheme, no host and no system_id", () => {
    expect(() => smppOptions("http://id:pw@gw.example")).toThrow(/smpp:\/\/ or smpps:\/\//);
    expect(() => smppOptions("smpp://gw.example:2775")).toThrow(/no system_id/);
    expect(() => smppOptions("not a url")).toThrow(/must look like/);
  });
});
