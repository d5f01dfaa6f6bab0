import nodemailer from "nodemailer";
import type { MailDelivery } from "./config";
import { writeDevMail } from "./dev-outbox";
import type { MailPolicy } from "./policy";

export type OutgoingMail = { id: string; from: string; to: string; subject: string; text: string; html: string };

/** What a transport reports of a message it took: its Message-ID and the server's answer (or the file written). */
export type SendReceipt = { messageId: string; response: string };

export type MailTransport = { kind: "smtp" | "dev-outbox"; send: (mail: OutgoingMail) => Promise<SendReceipt>; close: () => void };

/**
 * A message keeps one Message-ID on every attempt (its outbox id at the sender's domain), so a
 * copy sent again after a lost server answer can be recognised as the same message.
 */
export function messageIdFor(mailId: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${mailId}@${domain}>`;
}

const composed = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId: messageIdFor(mail.id, mail.from),
});

/** The transport of a configured delivery (SMTP, or the dev outbox's files); null when there is none. */
export function openTransport(delivery: MailDelivery, policy: MailPolicy): MailTransport | null {
  if (delivery.kind === "smtp") {
    // One connection per message, closed after it: a pass sends a handful of messages at once.
    const smtp = nodemailer.createTransport({
      ...delivery.smtp,
      connectionTimeout: policy.timeoutsMs.connection,
      greetingTimeout: policy.timeoutsMs.greeting,
      socketTimeout: policy.timeoutsMs.socket,
    });
    return {
      kind: "smtp",
      send: async (mail) => {
        const info = await smtp.sendMail(composed(mail));
        return { messageId: info.messageId, response: info.response };
      },
      close: () => smtp.close(),
    };
  }
  if (delivery.kind === "dev-outbox") {
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    return {
      kind: "dev-outbox",
      send: async (mail) => {
        const info = await stream.sendMail(composed(mail));
        const file = await writeDevMail(delivery.dir, mail.id, info.message as Buffer);
        return { messageId: info.messageId, response: `written to ${file}` };
      },
      close: () => stream.close(),
    };
  }
  return null;
}
