"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

/**
 * TanStack Query for the interactive pages that poll or mutate (checkout status, dashboard).
 * Not mounted in the root layout so that static pages ship without the query client; a page
 * that needs it wraps its own tree. One client per mount, never module-level, so two
 * visitors' requests never share a cache during server rendering.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
