import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import type { DeliveryReceipt } from "./smpp-gateway";

/**
 * Records a gateway's delivery receipt on its message (matched by the segment's gateway id).
 * DELIVERED wins: a later failure receipt for another segment of a delivered message, or a
 * receipt repeated by the gateway, changes nothing. Returns whether a message matched.
 */
export async function recordReceipt(db: Database, receipt: DeliveryReceipt): Promise<boolean> {
  const failed = receipt.state === "UNDELIVERABLE" || receipt.state === "EXPIRED" || receipt.state === "REJECTED" || receipt.state === "DELETED";
  const status = receipt.state === "DELIVERED" ? "DELIVERED" : failed ? "UNDELIVERABLE" : null;
  const result = await db.execute(sql`
    update sms_outbox set
      delivery_state = ${receipt.state},
      status = case when status = 'DELIVERED' then status else coalesce(${status}, status) end,
      delivered_at = case when ${status} = 'DELIVERED' and delivered_at is null then now() else delivered_at end,
      last_error = case when ${status} = 'UNDELIVERABLE' then ${`receipt ${receipt.state}${receipt.error ? ` err ${receipt.error}` : ""}`} else last_error end
    where gateway_message_ids @> array[${receipt.messageId}]::text[] and status in ('SENT', 'DELIVERED', 'UNDELIVERABLE')
    returning id`);
  return rowsOf(result).length > 0;
}
