import net from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as the server took it: the envelope recipients, the user it authenticated (if any), the parsed message. */
export type Received = { envelopeTo: string[]; user: string | null; mail: ParsedMail };

/**
 * A real SMTP server on 127.0.0.1 standing in for the provider. Keeps every message it accepts,
 * parsed; `refuse(n)` turns the n-th RCPT TO (from 1) into that reply code. With `credentials`,
 * it requires AUTH with them.
 */
export async function startSmtpServer(options: { refuse?: (n: number) => number | null; credentials?: { user: string; pass: string }; dataDelayMs?: number } = {}) {
  const received: Received[] = [];
  let rcpts = 0;
  const server = new SMTPServer({
    disabledCommands: options.credentials ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = auth.username === options.credentials?.user && auth.password === options.credentials?.pass;
      if (!ok) return callback(Object.assign(new Error("Invalid credentials"), { responseCode: 535 }));
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      const code = options.refuse?.(++rcpts) ?? null;
      if (code) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const mail = await simpleParser(Buffer.concat(chunks));
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), user: (session.user as string | undefined) ?? null, mail });
        setTimeout(() => callback(), options.dataDelayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port on 127.0.0.1 where nothing listens (connection refused). */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
