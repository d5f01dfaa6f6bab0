/** The part of node-smpp (npm `smpp`, no published types) that lib/sms uses. */
declare module "smpp" {
  import type { EventEmitter } from "node:events";

  export type PduFields = Record<string, unknown>;

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(fields?: PduFields): Pdu;
  }

  export interface Session extends EventEmitter {
    bind_transceiver(fields: PduFields, callback: (pdu: Pdu) => void): boolean;
    submit_sm(fields: PduFields, callback: (pdu: Pdu) => void): boolean;
    deliver_sm(fields: PduFields, callback?: (pdu: Pdu) => void): boolean;
    unbind(callback?: (pdu: Pdu) => void): boolean;
    send(pdu: Pdu, callback?: (pdu: Pdu) => void): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }

  export interface Server extends EventEmitter {
    listen(port: number, host?: string, callback?: () => void): this;
    close(callback?: () => void): void;
    address(): { port: number } | string | null;
    sessions: Session[];
  }

  export function connect(options: { host: string; port: number; tls?: boolean; rejectUnauthorized?: boolean; auto_enquire_link_period?: number; connectTimeout?: number }, listener?: () => void): Session;
  export function createServer(listener: (session: Session) => void): Server;
  export function createServer(options: PduFields, listener: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RSYSERR: number;
  export const ESME_RTHROTTLED: number;
  export const ESM_CLASS: { UDH_INDICATOR: number; MC_DELIVERY_RECEIPT: number };
  export const ENCODING: { SMSC_DEFAULT: number; ASCII: number; LATIN1: number; UCS2: number };
}
