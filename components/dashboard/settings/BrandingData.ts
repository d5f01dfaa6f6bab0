"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { BrandSettings } from "@/lib/branding/brand";
import { HEX_COLOUR, judgeAccent, shownRatio } from "@/lib/branding/contrast";
import { inspectLogo, LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from "@/lib/branding/image";
import type { Locale } from "@/lib/i18n/locale";
import { brandingCopy } from "./BrandingCopy";

type Errors = (typeof brandingCopy)["fr"]["errors"];
const KEY = ["settings", "branding"];
const LIMITS = { max: LOGO_MAX_BYTES, maxPx: LOGO_MAX_PIXELS };

/** The file as the data URL the API takes (it keeps the browser's declared type, which the server ignores). */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The branding page's data and changes. Refusals come from the server; their wording here adds
 * what was found (the file's size, its pixels, the colour's contrast), from the same pure checks.
 */
export function useBranding({ locale, initial }: { locale: Locale; initial: BrandSettings }) {
  const t = brandingCopy[locale];
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => apiFetch<BrandSettings>("/dashboard-api/settings/branding"), initialData: initial, staleTime: 10_000 });
  const brand = query.data;
  const saved = (next: BrandSettings) => queryClient.setQueryData(KEY, next);

  const [logoError, setLogoError] = useState<string | null>(null);
  const uploadLogo = useMutation({
    mutationFn: async (file: File) => apiFetch<BrandSettings>("/dashboard-api/settings/branding/logo", { method: "PUT", body: { logo: await readAsDataUrl(file) } }),
    onMutate: () => setLogoError(null),
    onSuccess: saved,
    onError: async (e, file) => {
      const code = e instanceof ApiClientError && e.code in t.errors ? (e.code as keyof Errors) : "other";
      if (code === "LOGO_TOO_LARGE") return setLogoError(t.errors.LOGO_TOO_LARGE({ ...LIMITS, bytes: file.size }));
      if (code === "LOGO_TOO_MANY_PIXELS") {
        const found = inspectLogo(new Uint8Array(await file.arrayBuffer()));
        const size = "width" in found ? `${found.width} × ${found.height}` : undefined;
        return setLogoError(t.errors.LOGO_TOO_MANY_PIXELS({ ...LIMITS, size }));
      }
      setLogoError(t.errors[code]({ ...LIMITS, bytes: file.size }));
    },
  });
  const removeLogo = useMutation({
    mutationFn: () => apiFetch<BrandSettings>("/dashboard-api/settings/branding/logo", { method: "DELETE" }),
    onMutate: () => setLogoError(null),
    onSuccess: saved,
    onError: (e) => setLogoError(t.errors[e instanceof ApiClientError && e.code === "ROLE_FORBIDDEN" ? "ROLE_FORBIDDEN" : "other"]()),
  });

  const [accent, setAccent] = useState(brand.accent ?? "");
  const [accentError, setAccentError] = useState<string | null>(null);
  const valid = HEX_COLOUR.test(accent);
  const verdict = valid ? judgeAccent(accent) : null;
  const saveAccent = useMutation({
    mutationFn: (value: string | null) => apiFetch<BrandSettings>("/dashboard-api/settings/branding", { method: "PATCH", body: { accent: value } }),
    onMutate: () => setAccentError(null),
    onSuccess: (next) => {
      saved(next);
      setAccent(next.accent ?? "");
    },
    onError: (e) => {
      const code = e instanceof ApiClientError && e.code in t.errors ? (e.code as keyof Errors) : "other";
      setAccentError(t.errors[code]({ ...LIMITS, ratio: verdict ? shownRatio(verdict.ratio) : undefined }));
    },
  });

  // The preview shows the colour being typed once it is well formed, else the saved one.
  const previewAccent = valid ? accent.toLowerCase() : brand.accent;
  return { brand, uploadLogo, removeLogo, logoError, accent, setAccent, accentError, saveAccent, verdict, previewAccent };
}
