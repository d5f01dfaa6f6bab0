import { accountRoute } from "@/lib/http/account-route";
import { StaffWithdrawalQuery } from "@/lib/ops/merchants";
import { withdrawalQueue } from "@/lib/ops/withdrawal-queue";

// Each withdrawal comes with its merchant's KYC, which the queue asks staff to check.
export const GET = accountRoute({ who: "staff", query: StaffWithdrawalQuery }, (ctx, { query }) => withdrawalQueue(ctx.db, { status: query.status, limit: 200 }));
