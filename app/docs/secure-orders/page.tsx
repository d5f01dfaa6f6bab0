import type { Metadata } from "next";
import { Code, Note, Prose, Table } from "../_components/Prose";
import { apiOrigin } from "../_components/origin";

export const metadata: Metadata = { title: "Secure orders for delivery businesses" };

export default async function SecureOrders() {
  const origin = await apiOrigin();
  return (
    <Prose>
      <h1>Secure orders for delivery businesses</h1>
      <p>
        Your buyer pays before delivery, but the money is <strong>held in escrow</strong> until the courier enters the 6-digit code the buyer reads out at the
        door. The buyer knows they will not pay for a parcel that never comes; you know the money is there before you ship.
      </p>
      <Note>Secure orders are a pilot enabled per merchant: ask support. Until then every route answers 404 <code>SECURE_ORDERS_DISABLED</code>.</Note>

      <h2>The flow</h2>
      <ol>
        <li>
          You create the order: <code>POST /v1/secure-orders</code>. You get a <code>buyer_url</code> for the buyer and a <code>delivery_url</code> for the courier.
        </li>
        <li>
          The buyer pays on <code>buyer_url</code> (mobile money). The order becomes <code>PAID_HELD</code>; the same page now shows the buyer their 6-digit delivery
          code. Event <code>secure_order.paid</code>.
        </li>
        <li>You deliver. The courier opens <code>delivery_url</code> and types the code the buyer reads out (or your system calls confirm-delivery).</li>
        <li>
          Right code: the order is <code>RELEASED</code> and the money moves to your available balance. Event <code>secure_order.released</code>.
        </li>
      </ol>
      <Code label="Create a secure order">{`curl -s -X POST ${origin}/v1/secure-orders \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -H "X-Idempotency-Key: order-2041" \\
  -d '{
    "amount": 25000,
    "description": "Sac en cuir, livraison Hamdallaye",
    "customer_phone": "+22376543210",
    "customer_name": "Awa Traoré",
    "delivery_deadline_hours": 48,
    "client_reference": "order-2041"
  }'`}</Code>
      <Code label="Confirm delivery from your system">{`curl -s -X POST ${origin}/v1/secure-orders/{id}/confirm-delivery \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"code": "482913"}'`}</Code>

      <h2>States and what can go wrong</h2>
      <Table
        caption="Secure order states"
        head={["state", "meaning", "next"]}
        rows={[
          ["CREATED", "waiting for the buyer's payment (until pay_before)", "PAID_HELD, or CANCELLED (cancel, or pay_before passes)"],
          ["PAID_HELD", "paid, money in escrow, waiting for delivery", "RELEASED (right code), REFUNDED (cancel, or delivery deadline passed), DISPUTED"],
          ["RELEASED", "delivered; money in your balance", "final"],
          ["REFUNDED", "buyer refunded", "final"],
          ["DISPUTED", "under review by our team", "RELEASED or REFUNDED"],
          ["CANCELLED", "cancelled before payment", "final"],
        ]}
      />
      <ul>
        <li>
          The delivery deadline (<code>delivery_deadline_hours</code>, 1 to 720, default 72) counts from payment. After it, confirm-delivery answers 410{" "}
          <code>DELIVERY_EXPIRED</code> and the buyer is refunded automatically.
        </li>
        <li>
          Five wrong codes lock the order: <code>code_locked</code> becomes true and confirm-delivery answers 429 <code>CODE_LOCKED</code>.{" "}
          <code>code_attempts_remaining</code> tells how many tries are left.
        </li>
        <li>
          Confirm-delivery on an unpaid order: 409 <code>NOT_PAID</code>; on a cancelled or refunded one: 409 <code>ORDER_CLOSED</code>.
        </li>
        <li>
          Cancel (<code>POST /v1/secure-orders/{"{id}"}/cancel</code>, optional <code>reason</code>) before payment cancels; after payment it refunds the buyer.
        </li>
      </ul>

      <h2>In the sandbox</h2>
      <Code label="shell">{`# pay the order as the buyer would
curl -s -X POST ${origin}/v1/sandbox/secure-orders/{id}/simulate-payment -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -d '{"outcome": "SUCCESS"}'
# read the code the buyer would see
curl -s ${origin}/v1/sandbox/secure-orders/{id}/delivery-code -H "Authorization: Bearer $CAURI_KEY"`}</Code>
      <p>
        Use the <a href="/docs/test-clock">test clock</a> to go past <code>pay_before</code> or the delivery deadline and watch the order cancel or refund.
      </p>
    </Prose>
  );
}
