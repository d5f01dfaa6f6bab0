import { route } from "@/lib/http/route";
import { providerList } from "@/lib/payments/providers";
import { providerListSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "payments",
    doc: { summary: "Payment providers", description: "Only the operator (`OPERATOR_MONEY`).", tags: ["Utilities"], response: providerListSchema },
  },
  async () => providerList(),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
