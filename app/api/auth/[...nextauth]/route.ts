import { authRouteHandlers } from "@/lib/auth/nextauth-route";

export const GET = authRouteHandlers.GET;
export const POST = authRouteHandlers.POST;
