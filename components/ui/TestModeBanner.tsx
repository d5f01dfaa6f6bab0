import type { Locale } from "@/lib/i18n/locale";
import { defineCopy } from "@/lib/i18n/dictionary";

const copy = defineCopy({
  fr: { title: "Mode test", detail: "Aucun argent réel n'est débité ni versé." },
  en: { title: "Test mode", detail: "No real money is charged or paid out." },
});

/**
 * Shown on every page that displays a test-mode object, so nobody mistakes it for a real payment.
 * A named region: it sits above the page's header, and content outside every landmark is missed by
 * screen-reader users moving from landmark to landmark (axe `region`). The note inside keeps what
 * the banner is to assistive technology (and to the specs that find it by that role).
 */
export function TestModeBanner({ locale }: { locale: Locale }) {
  const t = copy[locale];
  return (
    <section aria-label={t.title} lang={locale} className="border-y-2 border-warning-ink bg-warning px-4 py-2 text-center text-sm text-warning-ink">
      <div role="note">
        <strong className="mr-1.5 inline-flex items-center gap-1.5 font-bold uppercase tracking-wide">
          <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
          {t.title}
        </strong>
        <span>{t.detail}</span>
      </div>
    </section>
  );
}
