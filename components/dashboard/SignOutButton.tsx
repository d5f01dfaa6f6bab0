"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { useHydrated } from "./useHydrated";

const copy = defineCopy({ fr: { signOut: "Se déconnecter" }, en: { signOut: "Sign out" } });

/** next-auth's sign-out: a POST carrying next-auth's own CSRF token; the session cookie is cleared. */
export function SignOutButton({ locale }: { locale: Locale }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      disabled={!hydrated}
      onClick={async () => {
        setBusy(true);
        await signOut({ redirect: false });
        router.replace(`/signin?lang=${locale}`);
        router.refresh();
      }}
    >
      {copy[locale].signOut}
    </Button>
  );
}
