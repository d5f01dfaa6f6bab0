import smpp, { type Pdu, type Session } from "smpp";

/** A message as the gateway received it: one entry per submit_sm (a segment). */
export type ReceivedSegment = { messageId: string; from: string; to: string; dataCoding: number; text: string; udh: Buffer | null };

/**
 * A real SMPP 3.4 server on loopback (node-smpp's server side), standing for the operator's
 * gateway in tests: it checks the bind's credentials, answers each submit_sm with an id, keeps
 * what it received, and can send delivery receipts and phones' replies (STOP) back on the bound
 * session. `stop()` then `start()` again on the same port is a gateway that is down, then back.
 */
export class TestSmppServer {
  readonly received: ReceivedSegment[] = [];
  private server: ReturnType<typeof smpp.createServer> | null = null;
  private sessions = new Set<Session>();
  private sequence = 0;
  port = 0;

  constructor(readonly credentials = { systemId: "cauri", password: "secret" }) {}

  async start(): Promise<this> {
    const server = smpp.createServer((session) => {
      this.sessions.add(session);
      session.on("close", () => this.sessions.delete(session));
      session.on("error", () => this.sessions.delete(session));
      session.on("bind_transceiver", (pdu: Pdu) => {
        const ok = pdu.system_id === this.credentials.systemId && pdu.password === this.credentials.password;
        session.send(pdu.response(ok ? {} : { command_status: smpp.ESME_RBINDFAIL }));
        if (!ok) session.close();
      });
      session.on("submit_sm", (pdu: Pdu) => {
        const messageId = `gw-${++this.sequence}`;
        const body = pdu.short_message as { message: string | Buffer; udh?: Buffer[] };
        const udh = body.udh?.length ? Buffer.concat(body.udh) : null;
        const text = typeof body.message === "string" ? body.message : body.message.toString();
        this.received.push({ messageId, from: String(pdu.source_addr), to: String(pdu.destination_addr), dataCoding: Number(pdu.data_coding), text, udh });
        session.send(pdu.response({ message_id: messageId }));
      });
      session.on("enquire_link", (pdu: Pdu) => session.send(pdu.response()));
      session.on("unbind", (pdu: Pdu) => {
        session.send(pdu.response());
        session.close();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    const address = server.address();
    this.port = typeof address === "object" && address ? address.port : this.port;
    this.server = server;
    return this;
  }

  get url(): string {
    return `smpp://${this.credentials.systemId}:${this.credentials.password}@127.0.0.1:${this.port}`;
  }

  /** Sends a delivery receipt for `messageId` on every bound session; resolves when the client acknowledged it. */
  async sendReceipt(messageId: string, stat = "DELIVRD"): Promise<void> {
    const [session] = this.sessions;
    if (!session) throw new Error("no client is bound");
    await new Promise<void>((resolve) =>
      session.deliver_sm(
        { esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT, short_message: `id:${messageId} sub:001 dlvrd:001 submit date:2611271000 done date:2611271001 stat:${stat} err:000 text:` },
        () => resolve(),
      ),
    );
  }

  /**
   * Sends a message from a phone (a mobile-originated deliver_sm: no receipt flag), as a customer's
   * reply to the sender reaches the gateway; resolves with the client's acknowledgement.
   * `dataCoding` 8 (UCS-2) or 3 (Latin-1) for a text GSM-7 cannot hold.
   */
  async sendMessage(message: { from: string; text: string; to?: string; fromTon?: number; dataCoding?: number }): Promise<Pdu> {
    const [session] = this.sessions;
    if (!session) throw new Error("no client is bound");
    return new Promise<Pdu>((resolve) =>
      session.deliver_sm(
        {
          source_addr: message.from,
          source_addr_ton: message.fromTon ?? 1,
          source_addr_npi: 1,
          destination_addr: message.to ?? "Cauri",
          esm_class: 0,
          data_coding: message.dataCoding ?? smpp.ENCODING.SMSC_DEFAULT,
          short_message: message.text,
        },
        resolve,
      ),
    );
  }

  async stop(): Promise<void> {
    for (const session of this.sessions) session.destroy();
    this.sessions.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
