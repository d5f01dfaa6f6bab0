import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { devOutboxDir, devOutboxEnabled, mailSettings } from "@/lib/mail/config";
import { listDevMail } from "@/lib/mail/dev-outbox";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Mail outbox (development)", robots: { index: false } };

/** The dev outbox (`<CAURI_DATA_DIR>/mail`), newest first. Absent in production. */
export default async function DevMailPage() {
  if (!devOutboxEnabled()) notFound();
  const dir = devOutboxDir();
  const messages = await listDevMail(dir);
  const smtp = mailSettings().delivery.kind === "smtp";
  return (
    <main lang="en" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">Mail outbox (development)</h1>
      <p className="mt-2 text-sm text-gray-600">
        {smtp ? "SMTP is configured: new mail goes to the SMTP server; files below are older." : "No SMTP server is configured: mail is written here, not sent."}{" "}
        Files: <code>{dir}</code>
      </p>
      {messages.length === 0 ? (
        <p className="mt-8">No message yet.</p>
      ) : (
        <ol className="mt-6 space-y-6">
          {messages.map((m) => (
            <li key={m.file} className="rounded border border-gray-300 p-4">
              <h2 className="font-semibold">{m.subject || "(no subject)"}</h2>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-gray-700">
                <dt>To</dt>
                <dd>{m.to}</dd>
                <dt>Date</dt>
                <dd>{m.date ? <time dateTime={m.date.toISOString()}>{m.date.toISOString()}</time> : "unknown"}</dd>
                <dt>File</dt>
                <dd>
                  <code>{m.file}</code>
                </dd>
              </dl>
              <pre className="mt-3 whitespace-pre-wrap break-words text-sm">{m.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
