import { accountRoute } from "@/lib/http/account-route";
import { getReport } from "@/lib/books/reports";

// A large export's progress, polled by the export panel until it is READY with its download link.
export const GET = accountRoute({ who: "merchant", permission: "books" }, (ctx, { params }) => getReport(ctx, params.id));
