import { accountRoute } from "@/lib/auth/handler";
import { StaffWithdrawalQuery } from "@/lib/auth/ops";
import { withdrawalQueue } from "@/lib/ops/withdrawal-queue";

// Each withdrawal comes with its merchant's KYC, which the queue asks staff to check.
export const GET = accountRoute({ who: "staff", query: StaffWithdrawalQuery }, (ctx, { query }) => withdrawalQueue(ctx.db, { status: query.status, limit: 200 }));
