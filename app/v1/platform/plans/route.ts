import { route } from "@/lib/http/route";
import { listPlatformPlans, platformPlanListSchema } from "@/lib/platform/subscription";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "none",
    doc: {
      summary: "The service's plans",
      description: "Public. Starter, Pro and Business with their monthly price, monthly live volume cap (null = none) and features. A paid, current plan is what opens live mode.",
      tags: ["Platform"],
      response: platformPlanListSchema,
    },
  },
  async () => listPlatformPlans(),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
