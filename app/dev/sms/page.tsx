import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatPhone } from "@/lib/format/phone";
import { devOutboxEnabled } from "@/lib/mail/config";
import { smsSettings, smsDevOutboxDir } from "@/lib/sms/config";
import { segmentSms } from "@/lib/sms/encoding";
import { listDevSms } from "@/lib/sms/transport";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "SMS outbox (development)", robots: { index: false } };

/** The dev SMS outbox (`<CAURI_DATA_DIR>/sms`), newest first, with each message's encoding and segments. Absent in production. */
export default async function DevSmsPage() {
  if (!devOutboxEnabled()) notFound();
  const dir = smsDevOutboxDir();
  const messages = await listDevSms(dir);
  const gateway = smsSettings().delivery.kind === "smpp";
  return (
    <main lang="en" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">SMS outbox (development)</h1>
      <p className="mt-2 text-sm text-gray-600">
        {gateway ? "An SMPP gateway is configured (SMS_URL): new live-mode messages go to it; files below are older." : "No SMPP gateway is configured: text messages are written here, not sent."}{" "}
        Files: <code>{dir}</code>
      </p>
      {messages.length === 0 ? (
        <p className="mt-8">No message yet.</p>
      ) : (
        <ol className="mt-6 space-y-6">
          {messages.map((m) => {
            const { encoding, parts } = segmentSms(m.text);
            return (
              <li key={m.file} className="rounded border border-gray-300 p-4">
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-700">
                  <dt>To</dt>
                  <dd>{formatPhone(m.to)}</dd>
                  <dt>From</dt>
                  <dd>{m.from}</dd>
                  <dt>Date</dt>
                  <dd>
                    <time dateTime={m.at}>{m.at}</time>
                  </dd>
                  <dt>Encoding</dt>
                  <dd>
                    {encoding === "gsm7" ? "GSM-7" : "UCS-2"}, {parts.length} segment{parts.length === 1 ? "" : "s"}
                  </dd>
                </dl>
                <pre className="mt-3 whitespace-pre-wrap break-words text-sm">{m.text}</pre>
              </li>
            );
          })}
        </ol>
      )}
    </main>
  );
}
