import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { oprSandboxMessages } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { lockOpr } from "./charge";

/** GET /v1/sandbox/opr/{token}/otp: the simulated customer's inbox, while the request can still be charged. */
export async function readSandboxOtp(ctx: DomainContext, token: string) {
  if (ctx.mode !== "test") throw new ApiError("TEST_MODE_ONLY");
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const row = await lockOpr(tx, ctx, token);
    if (row.status === "COMPLETED") throw new ApiError("OPR_COMPLETED");
    if (row.status === "CANCELLED") throw new ApiError("OPR_CANCELLED");
    const [message] = await tx.select().from(oprSandboxMessages).where(eq(oprSandboxMessages.token, token)).limit(1);
    if (row.status === "EXPIRED" || !message) throw new ApiError("OPR_EXPIRED");
    return { token, to: message.toPhone, otp: message.otp, sent_at: message.sentAt.toISOString() };
  });
}
