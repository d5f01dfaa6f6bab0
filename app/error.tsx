"use client";

import { ErrorNotice } from "@/components/outage/ErrorNotice";

// Any page that failed while rendering: a plain notice and a retry, never the error itself.
export default function PageError() {
  return <ErrorNotice />;
}
