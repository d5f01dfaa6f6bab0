import { z } from "zod";
import { formatDate } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { formatPercent } from "@/lib/format/percent";
import { defineMailTemplate } from "./define";
import { renderNotice } from "./notice";

/**
 * The Monday summary of last week's live payments, to owners and finance members who keep it on
 * (lib/figures/weekly-summary.ts). Compared with the week before, so a drop shows without opening
 * the dashboard.
 */
const amount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const week = z.object({ collected: amount, count: amount, success_rate: z.number().min(0).max(1).nullable() });

export const weeklySummaryMail = defineMailTemplate({
  params: z.object({
    merchantName: z.string().trim().min(1).max(200),
    /** Monday and Sunday of the week summed, as calendar days. */
    firstDay: z.iso.date(),
    lastDay: z.iso.date(),
    current: week,
    previous: week,
    link: z.url(),
    settingsLink: z.url(),
  }),
  render: {
    fr: (p) => {
      const rate = (r: number | null) => (r === null ? "aucun paiement terminé" : formatPercent(r, "fr"));
      return renderNotice({
        lang: "fr",
        subject: `Votre semaine sur Cauri : ${formatXof(p.current.collected)} encaissés`,
        greeting: "Bonjour,",
        paragraphs: [
          `Voici la semaine de ${p.merchantName} du ${formatDate(p.firstDay, "fr")} au ${formatDate(p.lastDay, "fr")}, paiements en production.`,
          change("fr", p.current.collected, p.previous.collected),
        ],
        rows: [
          ["Encaissé", formatXof(p.current.collected)],
          ["Paiements", String(p.current.count)],
          ["Taux de réussite", rate(p.current.success_rate)],
          ["Semaine précédente : encaissé", formatXof(p.previous.collected)],
          ["Semaine précédente : paiements", String(p.previous.count)],
          ["Semaine précédente : taux de réussite", rate(p.previous.success_rate)],
        ],
        action: { label: "Voir les chiffres", url: p.link },
        footer: [`Vous recevez ce résumé en tant que propriétaire ou responsable financier de ${p.merchantName} sur Cauri.`],
        footerLink: { label: "Choisir les e-mails que vous recevez", url: p.settingsLink },
      });
    },
    en: (p) => {
      const rate = (r: number | null) => (r === null ? "no finished payment" : formatPercent(r, "en"));
      return renderNotice({
        lang: "en",
        subject: `Your week on Cauri: ${formatXof(p.current.collected)} collected`,
        greeting: "Hello,",
        paragraphs: [`Here is ${p.merchantName}'s week from ${formatDate(p.firstDay, "en")} to ${formatDate(p.lastDay, "en")}, live payments.`, change("en", p.current.collected, p.previous.collected)],
        rows: [
          ["Collected", formatXof(p.current.collected)],
          ["Payments", String(p.current.count)],
          ["Success rate", rate(p.current.success_rate)],
          ["Week before: collected", formatXof(p.previous.collected)],
          ["Week before: payments", String(p.previous.count)],
          ["Week before: success rate", rate(p.previous.success_rate)],
        ],
        action: { label: "See the figures", url: p.link },
        footer: [`You receive this summary as an owner or finance member of ${p.merchantName} on Cauri.`],
        footerLink: { label: "Choose the e-mails you receive", url: p.settingsLink },
      });
    },
  },
});

function change(lang: "fr" | "en", current: number, previous: number): string {
  if (previous === 0) return lang === "fr" ? "Rien n'avait été encaissé la semaine précédente." : "Nothing was collected the week before.";
  const ratio = (current - previous) / previous;
  const pct = formatPercent(Math.abs(ratio), lang);
  if (current === previous) return lang === "fr" ? "Autant que la semaine précédente." : "The same as the week before.";
  if (lang === "fr") return ratio > 0 ? `C'est ${pct} de plus que la semaine précédente.` : `C'est ${pct} de moins que la semaine précédente.`;
  return ratio > 0 ? `That is ${pct} more than the week before.` : `That is ${pct} less than the week before.`;
}
