import type { ReactNode } from "react";
import { Amount } from "@/components/ui/Amount";

/** Reference, amount and status of an order: the top of the buyer and courier pages. */
export function OrderSummary({
  heading,
  subheading,
  description,
  reference,
  amount,
  labels,
  status,
}: {
  heading: ReactNode;
  subheading?: ReactNode;
  description?: string;
  reference: string;
  amount: number;
  labels: { reference: string; amount: string; status: string };
  status: string;
}) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-5 shadow-sm" aria-labelledby="order-heading">
      <h1 id="order-heading" className="text-xl font-bold text-ink">
        {heading}
      </h1>
      {subheading ? <p className="mt-0.5 text-sm text-muted">{subheading}</p> : null}
      {description ? <p className="mt-3 break-words text-ink">{description}</p> : null}
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div>
          <dt className="text-muted">{labels.reference}</dt>
          <dd className="font-mono font-semibold tracking-wide text-ink" data-testid="order-reference">
            {reference}
          </dd>
        </div>
        <div className="text-right">
          <dt className="text-muted">{labels.amount}</dt>
          <dd className="text-lg font-bold text-ink">
            <Amount value={amount} />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="sr-only">{labels.status}</dt>
          <dd>
            <span className="inline-flex rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand" data-testid="order-status">
              {status}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
