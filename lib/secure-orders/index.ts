/** Secure orders: what other areas (ops console, jobs, dashboard) use. */
export { resolveDispute, listDisputes, openDispute, disputeView, type DisputeView } from "./dispute";
export { runSecureOrderDeadlines, cancelUnpaidOrders, refundOverdueOrders } from "./deadlines";
export { confirmDelivery } from "./confirm";
export { cancelSecureOrder } from "./cancel";
export { createSecureOrder } from "./create";
export { getSecureOrder, listSecureOrders, findSecureOrder } from "./queries";
export { secureOrderResource } from "./serialize";
