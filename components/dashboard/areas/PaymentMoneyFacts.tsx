import Link from "next/link";
import type { ReactNode } from "react";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { PaymentMoney } from "@/lib/payments/dashboard";
import { DateTime } from "../DateTime";
import { paymentsCopy } from "./paymentsCopy";
import { Amount } from "@/components/ui/Amount";

/**
 * The money lines of a payment's detail (amount, fee, net credited, refund), all read from the
 * ledger (lib/payments/dashboard.ts paymentMoney): a fee and a net only when money was collected
 * and credited; "Aucun frais" when nothing was charged; a secure order refunded to its buyer
 * says so, with the amount and date, and credits nothing.
 */
export function PaymentMoneyFacts({ amount, money, locale }: { amount: number; money: PaymentMoney; locale: Locale }) {
  const t = paymentsCopy[locale];
  const m = t.money;
  const fee: ReactNode =
    money.fee > 0 ? <Amount value={money.fee} /> : money.state === "held" && money.fee_at_release !== null ? m.feeAtRelease(formatXof(money.fee_at_release)) : m.noFee;
  const net: ReactNode = {
    pending: m.pending,
    not_charged: m.notCharged,
    credited: <Amount value={money.net} />,
    held: m.held,
    refunded: m.refundedNet,
    late_pending: m.latePending,
    partner_sale: m.partnerSale,
    other: <Amount value={money.net} />,
  }[money.state];
  const rows: { id: string; label: string; value: ReactNode }[] = [
    { id: "payment-amount", label: t.amount, value: <Amount value={amount} /> },
    { id: "payment-fee", label: t.fee, value: fee },
    { id: "payment-net", label: t.net, value: net },
  ];
  if (money.refunded > 0) {
    rows.push({
      id: "payment-refund",
      label: m.refund,
      value: (
        <>
          <Amount value={money.refunded} />
          {money.refunded_at ? (
            <>
              {" "}
              {m.refundOn} <DateTime value={money.refunded_at} locale={locale} />
            </>
          ) : null}
        </>
      ),
    });
  }
  if (money.secure_order_id && money.state !== "not_charged" && money.state !== "pending") {
    rows.push({
      id: "payment-order",
      label: m.orderLabel,
      value: (
        <Link href={`/dashboard/secure-orders/${encodeURIComponent(money.secure_order_id)}`} className="font-semibold text-brand underline">
          {m.order}
        </Link>
      ),
    });
  }
  return (
    <>
      {rows.map((row) => (
        <div key={row.id} className="min-w-0">
          <dt className="text-sm font-semibold text-muted">{row.label}</dt>
          <dd className="break-words text-ink" data-testid={row.id}>
            {row.value}
          </dd>
        </div>
      ))}
    </>
  );
}
