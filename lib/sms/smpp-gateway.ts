import { randomInt } from "node:crypto";
import smpp, { type Pdu, type Session } from "smpp";
import { segmentSms, type SmsEncoding } from "./encoding";
import type { SmppOptions } from "./config";

/** A message the gateway accepted: one gateway id per segment, in order. */
export type SmppSubmission = { messageIds: string[]; encoding: SmsEncoding; segments: number };

/** What a delivery receipt (deliver_sm with the receipt flag) says about one segment. */
export type DeliveryReceipt = { messageId: string; state: "DELIVERED" | "EXPIRED" | "DELETED" | "UNDELIVERABLE" | "ACCEPTED" | "UNKNOWN" | "REJECTED" | "ENROUTE"; error: string | null };

export class SmppError extends Error {
  constructor(
    message: string,
    /** The gateway's command_status, when it answered: a refusal of the message, not an outage. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

const STATES: Record<string, DeliveryReceipt["state"]> = {
  DELIVRD: "DELIVERED",
  EXPIRED: "EXPIRED",
  DELETED: "DELETED",
  UNDELIV: "UNDELIVERABLE",
  ACCEPTD: "ACCEPTED",
  UNKNOWN: "UNKNOWN",
  REJECTD: "REJECTED",
  ENROUTE: "ENROUTE",
};
// message_state TLV values (SMPP 3.4, 5.3.2.35).
const STATE_CODES: Record<number, DeliveryReceipt["state"]> = { 1: "ENROUTE", 2: "DELIVERED", 3: "EXPIRED", 4: "DELETED", 5: "UNDELIVERABLE", 6: "ACCEPTED", 7: "UNKNOWN", 8: "REJECTED" };

/** Reads a delivery receipt from its TLVs, else from the conventional text (`id:… stat:DELIVRD err:000`). */
export function readReceipt(pdu: Pdu): DeliveryReceipt | null {
  if (((pdu.esm_class as number) & smpp.ESM_CLASS.MC_DELIVERY_RECEIPT) === 0) return null;
  const raw = pdu.short_message as { message?: unknown } | string | undefined;
  const text = typeof raw === "string" ? raw : typeof raw?.message === "string" ? raw.message : Buffer.isBuffer(raw?.message) ? raw.message.toString("latin1") : "";
  const id = (pdu.receipted_message_id as string | undefined) ?? /\bid:(\S+)/i.exec(text)?.[1];
  if (!id) return null;
  const stateCode = pdu.message_state as number | undefined;
  const state = (stateCode !== undefined ? STATE_CODES[stateCode] : undefined) ?? STATES[/\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase() ?? ""] ?? "UNKNOWN";
  const error = /\berr:(\w+)/i.exec(text)?.[1] ?? null;
  return { messageId: id, state, error: error && /^0+$/.test(error) ? null : error };
}

/** A text a phone sent to our sender (a reply such as STOP), as the gateway hands it over: the number as addressed, not yet E.164. */
export type InboundSms = { from: string; fromTon: number; to: string; text: string };

// esm_class bits 5..2, the message type (SMPP 3.4, 5.2.12): 0 for a message a phone sent, else a receipt or an acknowledgement.
const MESSAGE_TYPE = 0x3c;

const textOf = (raw: unknown): string => {
  const value = (raw as { message?: unknown } | undefined)?.message ?? raw;
  return typeof value === "string" ? value : Buffer.isBuffer(value) ? value.toString("latin1") : "";
};

/** Reads a mobile-originated message (deliver_sm of the default message type); its text from short_message, else from message_payload. */
export function readInbound(pdu: Pdu): InboundSms | null {
  if (((pdu.esm_class as number) & MESSAGE_TYPE) !== 0) return null;
  const text = textOf(pdu.short_message) || textOf(pdu.message_payload);
  return { from: String(pdu.source_addr ?? ""), fromTon: Number(pdu.source_addr_ton ?? 0), to: String(pdu.destination_addr ?? ""), text };
}

export type SmppGatewayOptions = SmppOptions & {
  /** How long a bind or a submit_sm may wait for its answer. */
  timeoutMs: number;
  onReceipt: (receipt: DeliveryReceipt) => Promise<void>;
  /** A message a phone sent us; acknowledged once this resolves, as receipts are. Without it, such messages are acknowledged and dropped. */
  onInbound?: (message: InboundSms) => Promise<void>;
};

/**
 * One bound transceiver session to the gateway, opened on first use and again after it drops.
 * Messages longer than a segment go as concatenated parts (an 8-bit reference UDH), GSM-7 with
 * data_coding 0 or UCS-2 with data_coding 8 (lib/sms/encoding.ts). Receipts, and the messages
 * phones send us (a STOP), arrive on the same session at any time and are acknowledged only
 * after `onReceipt` or `onInbound` has recorded them, so none is lost to a crash (the gateway
 * sends it again).
 */
export class SmppGateway {
  private session: Promise<Session> | null = null;

  constructor(private readonly options: SmppGatewayOptions) {}

  async submit(message: { from: string; to: string; text: string }): Promise<SmppSubmission> {
    const { encoding, parts } = segmentSms(message.text);
    const session = await this.bound();
    const reference = randomInt(0, 256);
    const messageIds: string[] = [];
    for (const [index, part] of parts.entries()) {
      const udh = parts.length > 1 ? Buffer.from([0x05, 0x00, 0x03, reference, parts.length, index + 1]) : null;
      const answer = await this.request(session, "submit_sm", {
        source_addr: message.from,
        source_addr_ton: /^\+?\d+$/.test(message.from) ? 1 : 5,
        source_addr_npi: /^\+?\d+$/.test(message.from) ? 1 : 0,
        destination_addr: message.to.replace(/^\+/, ""),
        dest_addr_ton: 1,
        dest_addr_npi: 1,
        registered_delivery: 1,
        data_coding: encoding === "gsm7" ? smpp.ENCODING.SMSC_DEFAULT : smpp.ENCODING.UCS2,
        short_message: udh ? { udh, message: part } : part,
      });
      if (answer.command_status !== smpp.ESME_ROK) throw new SmppError(`The gateway refused the message (submit_sm status 0x${answer.command_status.toString(16)}).`, answer.command_status);
      messageIds.push(String(answer.message_id));
    }
    return { messageIds, encoding, segments: parts.length };
  }

  close(): void {
    const session = this.session;
    this.session = null;
    void session?.then((s) => s.close(), () => undefined);
  }

  private bound(): Promise<Session> {
    this.session ??= this.bind().catch((error: unknown) => {
      this.session = null;
      throw error;
    });
    return this.session;
  }

  private async bind(): Promise<Session> {
    const { host, port, tls, systemId, password, timeoutMs } = this.options;
    const session = await new Promise<Session>((resolve, reject) => {
      const s = smpp.connect({ host, port, tls, auto_enquire_link_period: 30_000 });
      const timer = setTimeout(() => {
        s.destroy();
        reject(new SmppError(`The SMS gateway at ${host}:${port} did not accept a connection within ${timeoutMs} ms.`, null));
      }, timeoutMs);
      s.once(tls ? "secureConnect" : "connect", () => {
        clearTimeout(timer);
        resolve(s);
      });
      s.once("error", (error: Error) => {
        clearTimeout(timer);
        reject(new SmppError(`The SMS gateway at ${host}:${port} is unreachable: ${error.message}`, null));
      });
    });
    // The session this bind belongs to: a later bind's must not be forgotten when this one drops.
    const current = this.session;
    const forget = () => {
      if (this.session === current) this.session = null;
    };
    session.on("close", forget);
    session.on("error", forget);
    session.on("deliver_sm", (pdu: Pdu) => {
      const acknowledge = () => session.send(pdu.response());
      const receipt = readReceipt(pdu);
      const inbound = receipt ? null : readInbound(pdu);
      const recorded = receipt ? this.options.onReceipt(receipt) : inbound && this.options.onInbound ? this.options.onInbound(inbound) : null;
      if (!recorded) return void acknowledge();
      recorded.then(acknowledge, () => undefined);
    });
    const answer = await this.request(session, "bind_transceiver", { system_id: systemId, password });
    if (answer.command_status !== smpp.ESME_ROK) {
      session.destroy();
      throw new SmppError(`The SMS gateway refused the bind (status 0x${answer.command_status.toString(16)}): check SMS_URL's system_id and password.`, answer.command_status);
    }
    return session;
  }

  private request(session: Session, command: "submit_sm" | "bind_transceiver", fields: Record<string, unknown>): Promise<Pdu> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        session.destroy();
        reject(new SmppError(`The SMS gateway did not answer ${command} within ${this.options.timeoutMs} ms.`, null));
      }, this.options.timeoutMs);
      const onClose = () => {
        clearTimeout(timer);
        reject(new SmppError(`The SMS gateway closed the connection before answering ${command}.`, null));
      };
      session.once("close", onClose);
      const sent = session[command](fields, (pdu) => {
        clearTimeout(timer);
        session.off("close", onClose);
        resolve(pdu);
      });
      if (!sent) {
        clearTimeout(timer);
        session.off("close", onClose);
        reject(new SmppError(`The connection to the SMS gateway is closed; ${command} was not sent.`, null));
      }
    });
  }
}
