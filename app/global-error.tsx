"use client";

import { ErrorNotice } from "@/components/outage/ErrorNotice";
import "./globals.css";

// The root layout itself failed: this replaces it, so it brings its own <html> and <body>.
export default function GlobalError() {
  return (
    <html lang="fr">
      <body>
        <ErrorNotice />
      </body>
    </html>
  );
}
