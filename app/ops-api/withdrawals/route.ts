import { accountRoute } from "@/lib/auth/handler";
import { StaffWithdrawalQuery } from "@/lib/auth/ops";
import { listWithdrawalsForStaff } from "@/lib/withdrawals/queries";

export const GET = accountRoute({ who: "staff", query: StaffWithdrawalQuery }, (ctx, { query }) => listWithdrawalsForStaff(ctx.db, { status: query.status, limit: 200 }));
