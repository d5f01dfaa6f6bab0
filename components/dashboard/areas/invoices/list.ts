import type { InvoiceResource } from "@/lib/invoices/schemas";
import type { Pagination } from "@/lib/links/pagination";

/** Invoices per page of the list, on the server's first render and in the browser's requests alike. */
export const INVOICES_PAGE = 20;

export type InvoicesPage = { invoices: InvoiceResource[]; pagination: Pagination };
export type InvoiceFilters = { status: string; search: string; customer_phone: string; page: number };
