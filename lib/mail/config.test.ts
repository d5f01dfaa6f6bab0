import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAIL_FROM, mailSettings } from "./config";
import { maskEmail } from "./mask";
import { messageIdFor } from "./transport";

describe("mail settings", () => {
  it("need nothing outside production: mail goes to <CAURI_DATA_DIR>/mail", () => {
    expect(mailSettings({})).toEqual({ from: DEFAULT_MAIL_FROM, delivery: { kind: "dev-outbox", dir: path.resolve(".data", "mail") } });
  });

  it("in production without SMTP, have no transport: mail waits in the outbox", () => {
    expect(mailSettings({ NODE_ENV: "production", MAIL_FROM: "Cauri <ops@cauri.ml>" })).toEqual({ from: "Cauri <ops@cauri.ml>", delivery: { kind: "unconfigured" } });
  });

  it("take SMTP_URL over SMTP_HOST, and TLS from the first byte on port 465", () => {
    expect(mailSettings({ SMTP_URL: "smtps://u:p@mail.example:465", SMTP_HOST: "other" }).delivery).toEqual({ kind: "smtp", smtp: { url: "smtps://u:p@mail.example:465" } });
    expect(mailSettings({ SMTP_HOST: "mail.example", SMTP_PORT: "465", SMTP_USER: "u", SMTP_PASSWORD: "p" }).delivery).toEqual({
      kind: "smtp",
      smtp: { host: "mail.example", port: 465, secure: true, auth: { user: "u", pass: "p" } },
    });
    expect(mailSettings({ SMTP_HOST: "mail.example", NODE_ENV: "production" }).delivery).toEqual({ kind: "smtp", smtp: { host: "mail.example", port: 587, secure: false, auth: undefined } });
    expect(() => mailSettings({ SMTP_HOST: "mail.example", SMTP_PORT: "smtp" })).toThrow("SMTP_PORT");
  });

  it("mask recipients for logs and name messages at the sender's domain", () => {
    expect(maskEmail("awa.traore@example.ml")).toBe("a•••@example.ml");
    expect(maskEmail("nobody")).toBe("•••");
    expect(messageIdFor("mail_1", "Cauri <no-reply@cauri.ml>")).toBe("<mail_1@cauri.ml>");
    expect(messageIdFor("mail_1", "no-reply@cauri.ml")).toBe("<mail_1@cauri.ml>");
  });
});
