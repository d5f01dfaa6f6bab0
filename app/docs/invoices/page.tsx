import Link from "next/link";
import type { ReactNode } from "react";
import { errorCatalogue } from "@/lib/core/errors";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import { DEFAULT_DUE_DAYS, DEFAULT_REMINDER_DAYS, INVOICE_LIMITS } from "@/lib/invoices/schemas";
import { guidePage } from "../_components/guide";
import { Code, Note, Table } from "../_components/Prose";
import { INVOICE_ERRORS } from "./errors";
import { advance, client, createDraft, deliveryExcerpt, finalize, REMINDER_WALK, send, settle, timeline, voidInvoice } from "./samples";

const DAY = 86_400;
const code = (text: string) => <code key={text}>{text}</code>;
const SCHEDULE = `[${DEFAULT_REMINDER_DAYS.join(", ")}]`;
const TOTALS = { min: formatXof(INVOICE_LIMITS.totalMin), max: formatXof(INVOICE_LIMITS.totalMax) };

/** Every invoice error code with its status from the catalogue, by status then name. */
function errorRows(meanings: Record<string, string>): ReactNode[][] {
  const status = (c: string) => errorCatalogue[c as keyof typeof errorCatalogue].status;
  return Object.keys(meanings)
    .sort((a, b) => status(a) - status(b) || (a < b ? -1 : 1))
    .map((c) => [
      <code key="c" id={c}>
        {c}
      </code>,
      String(status(c)),
      meanings[c],
    ]);
}

/** The sandbox walk of the reminders as a table: how far to move the clock, the day reached, what happens. */
function walkRows(words: { day: (fromDue: number) => string; reminder: (offset: number) => string; overdue: string }): ReactNode[][] {
  let elapsed = 0;
  return REMINDER_WALK.map((step) => {
    elapsed += step.seconds;
    return [code(`{"seconds": ${step.seconds}}`), words.day(elapsed / DAY - DEFAULT_DUE_DAYS), step.offset === null ? words.overdue : words.reminder(step.offset)];
  });
}

const { generateMetadata, Page } = guidePage(
  "/docs/invoices",
  defineCopy({
    fr: {
      title: "Factures",
      body: (origin: string) => (
        <>
          <h1>Factures envoyées par SMS, e-mail ou WhatsApp</h1>
          <p>
            Une facture, ce sont des lignes (description, quantité, prix unitaire) dont Cauri calcule le total, un numéro tiré de votre propre suite
            (<code>FAC-2026-0001</code>), une page où votre client la voit et la paie en un geste, un PDF, et des relances qui partent seules jusqu&apos;au
            paiement. Vous l&apos;envoyez sur le téléphone du client par SMS, par e-mail, ou en la partageant sur WhatsApp.
          </p>

          <h2>Le cycle de vie</h2>
          <Table
            caption="États d'une facture"
            head={["état", "signification", "suite"]}
            rows={[
              [code("DRAFT"), "brouillon : modifiable (PATCH) ou supprimable (DELETE), sans numéro ni page", "OPEN (finalisation)"],
              [code("OPEN"), "finalisée : numérotée, payable sur sa page, figée", "PAID, VOID, ou OVERDUE une fois l'échéance passée"],
              [code("OVERDUE"), "OPEN dont la date d'échéance est passée sans paiement ; toujours payable, les relances continuent", "PAID ou VOID"],
              [code("PAID"), "payée, une seule fois ; l'argent est sur votre solde comme pour tout paiement", "définitif"],
              [code("VOID"), "annulée par vous : plus de paiement, plus de relance", "définitif"],
            ]}
          />
          <p>
            <code>OVERDUE</code> est une lecture de <code>OPEN</code> : le filtre <code>GET /v1/invoices?status=OPEN</code> donne les factures pas encore
            échues, <code>status=OVERDUE</code> les autres. Les jours sont ceux du Mali (UTC), sur votre horloge de test en mode test.
          </p>

          <h2>1. Créer un brouillon</h2>
          <Code label="Créer une facture (brouillon)">{createDraft(origin)}</Code>
          <ul>
            <li>
              <code>customer_phone</code> est obligatoire : c&apos;est le numéro auquel le paiement est demandé et les SMS envoyés.{" "}
              <code>customer_email</code> est nécessaire pour envoyer par e-mail.
            </li>
            <li>
              De 1 à {INVOICE_LIMITS.lines} lignes ; <code>quantity</code> vaut 1 par défaut. Cauri calcule le montant de chaque ligne (<code>amount</code>) et
              le <code>total</code> ({formatXof(40_000)} ici), qui doit rester dans les limites d&apos;un paiement : de {TOTALS.min} à {TOTALS.max}.
            </li>
            <li>
              <code>due_date</code> (AAAA-MM-JJ, d&apos;aujourd&apos;hui à {INVOICE_LIMITS.dueDaysMax} jours) : sans elle, l&apos;échéance est fixée{" "}
              {DEFAULT_DUE_DAYS} jours après la finalisation. <code>locale</code> (<code>fr</code> par défaut, ou <code>en</code>) est la langue de la page, du
              PDF et des messages. <code>reminder_days</code> : voir les relances, plus bas.
            </li>
            <li>
              Avec <code>X-Idempotency-Key</code>, un nouvel essai rend le même brouillon au lieu d&apos;en créer un second.
            </li>
          </ul>

          <h2>2. Finaliser : le numéro</h2>
          <Code label="Finaliser">{finalize(origin)}</Code>
          <p>
            La facture passe à <code>OPEN</code> et reçoit le numéro suivant de votre suite : <code>FAC-AAAA-NNNN</code>, l&apos;année de la finalisation puis
            le rang de la facture dans l&apos;année (<code>FAC-2026-0001</code>, <code>FAC-2026-0002</code>…). Un numéro n&apos;est jamais réutilisé ni sauté
            : il est pris dans la même transaction que la finalisation, et une finalisation qui échoue le rend. Il y a une suite par année et par mode : vos
            factures de test ne consomment pas vos numéros de production.
          </p>
          <p>
            La réponse porte maintenant <code>number</code>, <code>due_date</code>, <code>hosted_invoice_url</code> et <code>pdf_url</code>. Événement{" "}
            <code>invoice.finalized</code>. Une facture finalisée ne se modifie plus : pour corriger, annulez-la et créez-en une autre.
          </p>

          <h2>3. Envoyer</h2>
          <Code label="Envoyer par SMS, e-mail et WhatsApp">{send(origin)}</Code>
          <p>
            La réponse est la facture, avec à côté <code>delivery</code> : ce que devient le message de chaque canal.
          </p>
          <Code label="Réponse (extrait)">{deliveryExcerpt}</Code>
          <Table
            caption="Canaux d'envoi et statut de leur message"
            head={["canal", "ce qui part", "delivery"]}
            rows={[
              [
                code("sms"),
                "un SMS court au customer_phone : le numéro, le montant, l'échéance et le lien de la page",
                <span key="d">
                  <code>queued</code> : part maintenant. <code>scheduled</code> : entre 21 h et 7 h (heure du Mali), il attend 7 h. <code>suppressed</code> :
                  n&apos;est pas envoyé, et <code>reason</code> dit pourquoi : <code>opted_out</code> (le numéro vous a demandé d&apos;arrêter) ou{" "}
                  <code>daily_cap</code> (5 SMS de vous à ce numéro en 24 heures). Un SMS écarté n&apos;est pas envoyé plus tard.
                </span>,
              ],
              [code("email"), "un e-mail au customer_email, avec le lien de la page et celui du PDF", <code key="d">queued</code>],
              [
                code("whatsapp"),
                "rien n'est envoyé par Cauri",
                <span key="d">
                  <code>whatsapp_url</code> ouvre WhatsApp sur le numéro du client, le message et le lien déjà écrits : ouvrez-le depuis votre téléphone pour
                  l&apos;envoyer.
                </span>,
              ],
            ]}
          />
          <ul>
            <li>
              Chaque appel est un envoi (événement <code>invoice.sent</code>) et au plus un message par canal ; avec <code>X-Idempotency-Key</code>, un nouvel
              essai du même appel n&apos;envoie rien de plus. Un nouvel appel, plus tard, renvoie la facture.
            </li>
            <li>
              Sans <code>customer_email</code>, le canal <code>email</code> répond 400 <code>INVOICE_EMAIL_MISSING</code>.
            </li>
            <li>
              Les demandes de paiement par SMS se désactivent dans le tableau de bord (Paramètres → SMS) ; le canal <code>sms</code> répond alors 409{" "}
              <code>SMS_USE_DISABLED</code>.
            </li>
            <li>
              En mode test, aucun SMS n&apos;atteint un vrai téléphone : il est enregistré comme envoyé, et vous le lisez dans Paramètres → SMS.
            </li>
          </ul>

          <h2>4. La page de la facture et le PDF</h2>
          <ul>
            <li>
              <code>hosted_invoice_url</code> (<code>/i/{"{token}"}</code>) : un lien court et impossible à deviner (20 caractères), fait pour tenir dans un
              SMS. Qui a le lien voit cette facture et peut la payer : votre nom et votre logo, les lignes, le total, l&apos;échéance, vos notes. La page
              fonctionne avant même que son script ne se charge. Chaque visite du client s&apos;inscrit dans l&apos;historique (<code>viewed</code>, une fois
              par demi-heure) ; l&apos;aperçu que WhatsApp ou Facebook fabrique en recevant le lien n&apos;en est pas une, ni votre propre visite quand vous êtes connecté au tableau de bord.
            </li>
            <li>
              <code>pdf_url</code> (<code>/i/{"{token}"}/pdf</code>) : la facture en PDF dans sa langue (<code>?lang=fr</code> ou <code>?lang=en</code> pour
              l&apos;autre), avec la raison sociale et l&apos;adresse de votre dossier de vérification (KYC).
            </li>
          </ul>

          <h2>5. Le paiement</h2>
          <ul>
            <li>
              <strong>En un geste</strong> : le client touche « Payer » sur la page, et le paiement du total est demandé sur son téléphone par mobile money,
              par la page de paiement de Cauri.
            </li>
            <li>
              <strong>Une tentative à la fois</strong> : un second geste, un rechargement ou un second appareil retrouvent la tentative en cours, jamais un
              second paiement. Une tentative refusée ou expirée laisse la facture payable (<code>payment_failed</code> dans l&apos;historique).
            </li>
            <li>
              <strong>Payée une seule fois</strong> : une facture payée ou annulée refuse une nouvelle tentative avant que rien n&apos;arrive sur le téléphone.
              Le paiement passe par le grand livre comme tout paiement (<code>client_reference</code> : le numéro de la facture,{" "}
              <code>metadata.invoice_id</code>) ; <code>payment_id</code> le désigne sur la facture. Événements <code>payment.success</code> et{" "}
              <code>invoice.paid</code>.
            </li>
          </ul>
          <Code label="Annuler une facture">{voidInvoice(origin)}</Code>
          <p>
            L&apos;annulation (<code>reason</code> facultatif) fait passer une facture <code>OPEN</code> ou <code>OVERDUE</code> à <code>VOID</code> : sa page
            ne prend plus de paiement et ses relances s&apos;arrêtent. Événement <code>invoice.voided</code> ; annuler de nouveau rend la facture annulée.
            Pendant qu&apos;un paiement attend sur le téléphone du client, elle répond 409 <code>INVOICE_PAYMENT_IN_PROGRESS</code> : réessayez quand il se
            termine. Un brouillon ne s&apos;annule pas, il se supprime (<code>DELETE /v1/invoices/{"{id}"}</code>).
          </p>

          <h2>6. Les relances</h2>
          <ul>
            <li>
              <code>reminder_days</code> : les jours de relance par rapport à l&apos;échéance, <code>{SCHEDULE}</code> par défaut (3 jours avant, le jour
              même, 3 et 7 jours après). Jusqu&apos;à {INVOICE_LIMITS.reminders} jours, de {INVOICE_LIMITS.reminderMin} à {INVOICE_LIMITS.reminderMax} ;{" "}
              <code>[]</code> : aucune relance.
            </li>
            <li>
              Elles partent par les canaux sur lesquels la facture a été envoyée (<code>sms</code>, <code>email</code> ; WhatsApp reste votre partage), à
              partir du premier envoi : seulement les jours qui le suivent, la facture étant elle-même le message du jour de l&apos;envoi.{" "}
              <code>next_reminder_on</code> donne le jour de la prochaine.
            </li>
            <li>
              Elles s&apos;arrêtent au paiement ou à l&apos;annulation. Si plusieurs jours de relance passent d&apos;un coup, seule la dernière part. Les
              relances par SMS suivent l&apos;interrupteur « Rappel de facture » de Paramètres → SMS, les heures calmes, l&apos;opposition et le plafond
              quotidien.
            </li>
            <li>
              Le lendemain de l&apos;échéance, une facture impayée devient <code>OVERDUE</code> : événement <code>invoice.overdue</code>, une fois.
            </li>
          </ul>

          <h3>Les voir partir en mode test</h3>
          <p>
            Les relances suivent votre <a href="/docs/test-clock">horloge de test</a> : l&apos;avancer exécute le travail dû (dont le travail{" "}
            <code>invoice-reminders</code>) avant de répondre <code>{"{now, offset_seconds}"}</code>. Créez la facture ci-dessus, finalisez-la et envoyez-la
            le même jour, puis avancez pas à pas et lisez l&apos;historique :
          </p>
          <Code label="Avancer de 4 jours, puis lire l'historique">{`${advance(origin, 4 * DAY)}\n\n${timeline(origin)}`}</Code>
          <Table
            caption="Les relances pas à pas, avec l'échéance et le calendrier par défaut"
            head={["avancer de", "jour atteint", "ce qui se passe"]}
            rows={walkRows({
              day: (d) => (d === 0 ? "le jour de l'échéance" : `${Math.abs(d)} jour${Math.abs(d) > 1 ? "s" : ""} ${d < 0 ? "avant" : "après"} l'échéance`),
              reminder: (o) => `relance ${o < 0 ? "avant l'échéance" : o === 0 ? "du jour de l'échéance" : "de retard"} par SMS et e-mail (reminded, day_offset ${o})${o === REMINDER_WALK.at(-1)!.offset ? ", la dernière : next_reminder_on devient null" : ""}`,
              overdue: "la facture est OVERDUE, événement invoice.overdue",
            })}
          />
          <p>
            Pour la payer : ouvrez <code>hosted_invoice_url</code> et touchez « Payer ». Le numéro de l&apos;exemple, <code>+22370000001</code>, réussit (voir
            les <a href="/docs/test-mode">numéros du simulateur</a>) ; avec un autre numéro, concluez la tentative vous-même, <code>payment_id</code> étant
            lu sur la facture :
          </p>
          <Code label="shell">{settle(origin)}</Code>

          <h2>Les événements</h2>
          <Table
            caption="Événements des factures"
            head={["événement", "quand"]}
            rows={[
              [code("invoice.finalized"), "à la finalisation : la facture a son numéro et sa page"],
              [code("invoice.sent"), "à chaque envoi (API ou tableau de bord) ; sent_channels liste les canaux utilisés jusqu'ici"],
              [code("invoice.overdue"), "le lendemain de l'échéance d'une facture impayée ; une fois"],
              [code("invoice.paid"), "quand le paiement réussit, avec payment.success de ce paiement ; une fois par facture"],
              [code("invoice.voided"), "à l'annulation"],
            ]}
          />
          <p>
            Chacun porte la facture telle qu&apos;après le changement. Voir <a href="/docs/webhooks">Webhooks et signatures</a> pour les recevoir.
          </p>

          <h2>Les erreurs</h2>
          <p>
            Les codes propres aux factures et ceux des champs qu&apos;elles partagent avec d&apos;autres routes ; les erreurs communes à toute l&apos;API (clé,
            limites de débit…) sont dans <a href="/docs/errors">Gestion des erreurs</a>.
          </p>
          <Table caption="Codes d'erreur des factures" head={["code", "HTTP", "signification"]} rows={errorRows(INVOICE_ERRORS.fr)} />

          <h2>Avec le client TypeScript</h2>
          <p>
            Le <a href="/docs/client">client</a> atteint chaque opération des factures, typée : corps, réponses et codes d&apos;erreur. Il ajoute lui-même une{" "}
            <code>X-Idempotency-Key</code> à la création, à la finalisation et à l&apos;envoi. Chaque champ est décrit dans la{" "}
            <Link href="/docs/reference/invoices">référence</Link>.
          </p>
          <Code label="TypeScript">
            {client(origin, {
              idempotency: "une clé d'idempotence est ajoutée d'office ; passez la vôtre avec params.header",
              voided: "un paiement attend sur le téléphone du client : réessayez quand il se termine",
            })}
          </Code>
          <Note>
            Les factures de test et de production sont séparées comme tous vos objets : une clé de test ne voit que les factures de test, avec leur propre
            suite de numéros.
          </Note>
        </>
      ),
    },
    en: {
      title: "Invoices",
      body: (origin: string) => (
        <>
          <h1>Invoices sent by text message, e-mail or WhatsApp</h1>
          <p>
            An invoice is lines (description, quantity, unit price) whose total Cauri computes, a number from your own sequence (<code>FAC-2026-0001</code>),
            a page where your customer sees it and pays in one tap, a PDF, and reminders that go on their own until it is paid. You send it to the
            customer&apos;s phone by text message, by e-mail, or by sharing it on WhatsApp.
          </p>

          <h2>The lifecycle</h2>
          <Table
            caption="Invoice states"
            head={["state", "meaning", "next"]}
            rows={[
              [code("DRAFT"), "draft: can change (PATCH) or be deleted (DELETE); no number, no page yet", "OPEN (finalize)"],
              [code("OPEN"), "finalized: numbered, payable on its page, frozen", "PAID, VOID, or OVERDUE once the due date passes"],
              [code("OVERDUE"), "OPEN and past its due date unpaid; still payable, reminders go on", "PAID or VOID"],
              [code("PAID"), "paid, exactly once; the money is in your balance like any payment's", "final"],
              [code("VOID"), "voided by you: no more payment, no more reminders", "final"],
            ]}
          />
          <p>
            <code>OVERDUE</code> is a reading of <code>OPEN</code>: <code>GET /v1/invoices?status=OPEN</code> lists the invoices not yet due,{" "}
            <code>status=OVERDUE</code> the others. Days are Mali&apos;s (UTC), on your test clock in test mode.
          </p>

          <h2>1. Create a draft</h2>
          <Code label="Create an invoice (draft)">{createDraft(origin)}</Code>
          <ul>
            <li>
              <code>customer_phone</code> is required: the payment is requested on that number and text messages go to it. <code>customer_email</code> is
              needed to send by e-mail.
            </li>
            <li>
              1 to {INVOICE_LIMITS.lines} lines; <code>quantity</code> defaults to 1. Cauri computes each line&apos;s <code>amount</code> and the{" "}
              <code>total</code> ({formatXof(40_000)} here), which must stay within one payment&apos;s limits: {TOTALS.min} to {TOTALS.max}.
            </li>
            <li>
              <code>due_date</code> (YYYY-MM-DD, today to {INVOICE_LIMITS.dueDaysMax} days ahead): without it, the invoice falls due {DEFAULT_DUE_DAYS} days after
              it is finalized. <code>locale</code> (<code>fr</code> by default, or <code>en</code>) is the language of the page, the PDF and the messages.{" "}
              <code>reminder_days</code>: see reminders, below.
            </li>
            <li>
              With <code>X-Idempotency-Key</code>, a retry returns the same draft instead of creating a second one.
            </li>
          </ul>

          <h2>2. Finalize: the number</h2>
          <Code label="Finalize">{finalize(origin)}</Code>
          <p>
            The invoice becomes <code>OPEN</code> and gets the next number of your sequence: <code>FAC-YYYY-NNNN</code>, the year it is finalized, then its
            rank in that year (<code>FAC-2026-0001</code>, <code>FAC-2026-0002</code>, …). A number is never reused nor skipped: it is taken in the same
            transaction as the finalization, and a finalization that fails gives it back. There is one sequence per year and per mode: your test invoices do
            not use up your live numbers.
          </p>
          <p>
            The answer now carries <code>number</code>, <code>due_date</code>, <code>hosted_invoice_url</code> and <code>pdf_url</code>. Event{" "}
            <code>invoice.finalized</code>. A finalized invoice no longer changes: to correct one, void it and create another.
          </p>

          <h2>3. Send</h2>
          <Code label="Send by text message, e-mail and WhatsApp">{send(origin)}</Code>
          <p>
            The answer is the invoice, with <code>delivery</code> beside it: what became of each channel&apos;s message.
          </p>
          <Code label="Answer (excerpt)">{deliveryExcerpt}</Code>
          <Table
            caption="Send channels and the status of their message"
            head={["channel", "what goes", "delivery"]}
            rows={[
              [
                code("sms"),
                "a short text message to customer_phone: the number, the amount, the due date and the page's link",
                <span key="d">
                  <code>queued</code>: leaves now. <code>scheduled</code>: between 21:00 and 07:00 (Mali time) it waits until 07:00. <code>suppressed</code>:
                  not sent, and <code>reason</code> says why: <code>opted_out</code> (the number asked you to stop) or <code>daily_cap</code> (5 text messages
                  from you to this number in 24 hours). A suppressed message is not sent later.
                </span>,
              ],
              [code("email"), "an e-mail to customer_email, with links to the page and to the PDF", <code key="d">queued</code>],
              [
                code("whatsapp"),
                "nothing is sent by Cauri",
                <span key="d">
                  <code>whatsapp_url</code> opens WhatsApp on the customer&apos;s number with the message and the link written: open it from your phone to send
                  it.
                </span>,
              ],
            ]}
          />
          <ul>
            <li>
              Each call is one send (event <code>invoice.sent</code>) and at most one message per channel; with <code>X-Idempotency-Key</code>, a retry of the
              same call sends nothing more. A new call, later, sends the invoice again.
            </li>
            <li>
              Without <code>customer_email</code>, the <code>email</code> channel answers 400 <code>INVOICE_EMAIL_MISSING</code>.
            </li>
            <li>
              Payment requests by text message can be switched off in the dashboard (Settings → SMS); the <code>sms</code> channel then answers 409{" "}
              <code>SMS_USE_DISABLED</code>.
            </li>
            <li>In test mode no text message reaches a real phone: it is recorded as sent, and you read it in Settings → SMS.</li>
          </ul>

          <h2>4. The invoice page and the PDF</h2>
          <ul>
            <li>
              <code>hosted_invoice_url</code> (<code>/i/{"{token}"}</code>): a short link nobody can guess (20 characters), made to fit in a text message.
              Whoever has the link sees this invoice and can pay it: your name and logo, the lines, the total, the due date, your notes. The page works before
              its script has even loaded. Each visit of the customer goes on the timeline (<code>viewed</code>, once per half hour); the preview WhatsApp or Facebook builds when the link is sent is not one, nor your own visit while signed in to the dashboard.
            </li>
            <li>
              <code>pdf_url</code> (<code>/i/{"{token}"}/pdf</code>): the invoice as a PDF in its language (<code>?lang=fr</code> or <code>?lang=en</code> for
              the other), with the legal name and address of your business verification (KYC) record.
            </li>
          </ul>

          <h2>5. Payment</h2>
          <ul>
            <li>
              <strong>One tap</strong>: the customer taps &quot;Pay&quot; on the page, and the payment of the total is requested on their phone by mobile
              money, through Cauri&apos;s checkout.
            </li>
            <li>
              <strong>One attempt at a time</strong>: a second tap, a reload or a second device finds the attempt in flight, never a second payment. An
              attempt that is declined or expires leaves the invoice payable (<code>payment_failed</code> on the timeline).
            </li>
            <li>
              <strong>Paid exactly once</strong>: a paid or voided invoice refuses a new attempt before anything reaches the phone. The payment goes through
              the ledger like any payment (<code>client_reference</code>: the invoice&apos;s number, <code>metadata.invoice_id</code>); the invoice&apos;s{" "}
              <code>payment_id</code> names it. Events <code>payment.success</code> and <code>invoice.paid</code>.
            </li>
          </ul>
          <Code label="Void an invoice">{voidInvoice(origin)}</Code>
          <p>
            Voiding (optional <code>reason</code>) turns an <code>OPEN</code> or <code>OVERDUE</code> invoice <code>VOID</code>: its page takes no more
            payment and its reminders stop. Event <code>invoice.voided</code>; voiding again returns the voided invoice. While a payment is waiting on the
            customer&apos;s phone it answers 409 <code>INVOICE_PAYMENT_IN_PROGRESS</code>: try again once it ends. A draft is not voided but deleted (
            <code>DELETE /v1/invoices/{"{id}"}</code>).
          </p>

          <h2>6. Reminders</h2>
          <ul>
            <li>
              <code>reminder_days</code>: the reminder days relative to the due date, <code>{SCHEDULE}</code> by default (3 days before, on the day, 3 and 7
              days after). Up to {INVOICE_LIMITS.reminders} days, from {INVOICE_LIMITS.reminderMin} to {INVOICE_LIMITS.reminderMax}; <code>[]</code>: no
              reminders.
            </li>
            <li>
              They go by the channels the invoice was sent on (<code>sms</code>, <code>email</code>; WhatsApp stays your own share), from the first send: only
              on the days after it, the invoice itself being the message of the day it was sent. <code>next_reminder_on</code> gives the next one&apos;s day.
            </li>
            <li>
              They stop on payment or void. If several reminder days pass at once, only the latest goes. Reminders by text message follow the &quot;Invoice
              reminder&quot; switch in Settings → SMS, quiet hours, opt-outs and the daily cap.
            </li>
            <li>
              The day after the due date, an unpaid invoice becomes <code>OVERDUE</code>: event <code>invoice.overdue</code>, once.
            </li>
          </ul>

          <h3>Watch them go in the sandbox</h3>
          <p>
            Reminders follow your <a href="/docs/test-clock">test clock</a>: advancing it runs the work that became due (the <code>invoice-reminders</code>{" "}
            job among it) before answering <code>{"{now, offset_seconds}"}</code>. Create the invoice above, finalize and send it the same day, then move
            step by step and read the timeline:
          </p>
          <Code label="Advance 4 days, then read the timeline">{`${advance(origin, 4 * DAY)}\n\n${timeline(origin)}`}</Code>
          <Table
            caption="Reminders step by step, with the default due date and schedule"
            head={["advance by", "day reached", "what happens"]}
            rows={walkRows({
              day: (d) => (d === 0 ? "the due date" : `${Math.abs(d)} day${Math.abs(d) > 1 ? "s" : ""} ${d < 0 ? "before" : "after"} the due date`),
              reminder: (o) => `${o < 0 ? "before-due" : o === 0 ? "due-day" : "overdue"} reminder by text message and e-mail (reminded, day_offset ${o})${o === REMINDER_WALK.at(-1)!.offset ? ", the last: next_reminder_on becomes null" : ""}`,
              overdue: "the invoice is OVERDUE, event invoice.overdue",
            })}
          />
          <p>
            To pay it: open <code>hosted_invoice_url</code> and tap &quot;Pay&quot;. The example&apos;s number, <code>+22370000001</code>, succeeds (see the{" "}
            <a href="/docs/test-mode">simulator&apos;s numbers</a>); with another number, settle the attempt yourself, reading <code>payment_id</code> on the
            invoice:
          </p>
          <Code label="shell">{settle(origin)}</Code>

          <h2>Events</h2>
          <Table
            caption="Invoice events"
            head={["event", "when"]}
            rows={[
              [code("invoice.finalized"), "on finalization: the invoice has its number and its page"],
              [code("invoice.sent"), "on each send (API or dashboard); sent_channels lists the channels used so far"],
              [code("invoice.overdue"), "the day after an unpaid invoice's due date; once"],
              [code("invoice.paid"), "when the payment succeeds, with that payment's payment.success; once per invoice"],
              [code("invoice.voided"), "on void"],
            ]}
          />
          <p>
            Each carries the invoice as it is after the change. See <a href="/docs/webhooks">Webhooks &amp; signatures</a> to receive them.
          </p>

          <h2>Errors</h2>
          <p>
            The invoices&apos; own codes and those of the fields they share with other routes; errors common to the whole API (key, rate limits, …) are in{" "}
            <a href="/docs/errors">Error handling</a>.
          </p>
          <Table caption="Invoice error codes" head={["code", "HTTP", "meaning"]} rows={errorRows(INVOICE_ERRORS.en)} />

          <h2>With the TypeScript client</h2>
          <p>
            The <a href="/docs/client">client</a> reaches every invoice operation, typed: bodies, answers and error codes. It adds an{" "}
            <code>X-Idempotency-Key</code> itself when creating, finalizing and sending. Every field is described in the{" "}
            <Link href="/docs/reference/invoices">reference</Link>.
          </p>
          <Code label="TypeScript">
            {client(origin, {
              idempotency: "an idempotency key is added for you; pass your own with params.header",
              voided: "a payment is waiting on the customer's phone: try again once it ends",
            })}
          </Code>
          <Note>
            Test and live invoices are kept apart like all your objects: a test key sees only test invoices, with their own number sequence.
          </Note>
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
