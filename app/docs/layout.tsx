import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: { default: "Documentation", template: "%s · Documentation Cauri" },
  description: "Documentation de l'API Cauri · Cauri API documentation.",
};

/** Each page renders DocsShell itself, in the language it resolved from `?lang=`. */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return children;
}
