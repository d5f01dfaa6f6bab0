"use client";

import { useId } from "react";
import type { Locale } from "@/lib/i18n/locale";
import { invoicesCopy } from "./copy";
import type { InvoiceChannel } from "./use-invoices";

const CHANNELS: readonly InvoiceChannel[] = ["sms", "email", "whatsapp"];

/** The ways to send an invoice, as checkboxes, with the API's refusal of the choice beneath them. */
export function ChannelChoice({ locale, value, onChange, error }: { locale: Locale; value: readonly InvoiceChannel[]; onChange: (channels: InvoiceChannel[]) => void; error?: string }) {
  const t = invoicesCopy[locale];
  const id = useId();
  return (
    <div className="mt-1">
      <ul className="grid gap-1">
        {CHANNELS.map((channel) => (
          <li key={channel} className="flex items-start gap-2 py-1">
            <input
              id={`${id}-${channel}-box`}
              type="checkbox"
              name="channels"
              value={channel}
              checked={value.includes(channel)}
              onChange={(e) => onChange(e.target.checked ? CHANNELS.filter((c) => c === channel || value.includes(c)) : value.filter((c) => c !== channel))}
              aria-describedby={`${id}-${channel}${error ? ` ${id}-error` : ""}`}
              className="mt-3 size-4 shrink-0"
            />
            <div>
              <label htmlFor={`${id}-${channel}-box`} className="inline-flex min-h-11 items-center font-semibold text-ink">
                {t.channelNames[channel]}
              </label>
              <p id={`${id}-${channel}`} className="-mt-2 text-sm text-muted">
                {t.channelHints[channel]}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} tabIndex={-1} data-field-error className="mt-1 text-sm font-medium text-danger outline-none">
          {error}
        </p>
      ) : null}
    </div>
  );
}
