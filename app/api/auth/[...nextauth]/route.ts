import { authRouteHandlers } from "@/lib/http/nextauth-route";

export const GET = authRouteHandlers.GET;
export const POST = authRouteHandlers.POST;
