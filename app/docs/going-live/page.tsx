import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import { platformPlans } from "@/lib/platform/plans";
import { guidePage } from "../_components/guide";
import { Note, Table } from "../_components/Prose";

// What the dashboard's KYC form asks today (lib/account/requests.ts, KycSubmissionInput): business
// details only. No upload exists, so the guide says how documents reach the team instead.
const { generateMetadata, Page } = guidePage(
  "/docs/going-live",
  defineCopy({
    fr: {
      title: "Passer en production",
      body: () => (
        <>
          <h1>Passer en production</h1>
          <p>
            Tout ce que vous avez construit en mode test fonctionne de la même façon en production : remplacez la clé <code>sk_test_…</code> par une clé{" "}
            <code>sk_live_…</code>. Avant qu&apos;une clé de production soit acceptée, trois conditions doivent être remplies.
          </p>
          <ol>
            <li>
              <strong>Votre entreprise est vérifiée (KYC).</strong> Dans le tableau de bord, rubrique Paramètres, section « Vérification de l&apos;entreprise
              (KYC) », renseignez : la raison sociale, le numéro RCCM, le NIF (facultatif), l&apos;adresse, le nom et le téléphone du responsable, et
              l&apos;activité. Le formulaire ne demande aucun document : si notre équipe a besoin d&apos;une pièce (registre du commerce, pièce d&apos;identité du
              responsable…), elle vous contacte au téléphone ou à l&apos;adresse e-mail du compte et vous indique comment la transmettre. Une vérification refusée
              affiche son motif ; corrigez vos informations et renvoyez-les. Les retraits et l&apos;accès à la production exigent une vérification approuvée.
            </li>
            <li>
              <strong>Un abonnement payant à la plateforme.</strong> Choisissez une offre dans Paramètres, section « Abonnement à la plateforme ». Elle se règle
              auprès de notre équipe (mobile money ou facture) : nous vous contactons, puis l&apos;offre est active pendant 30 jours à compter du paiement. Sans
              abonnement payant et à jour, une clé de production reçoit 403 <code>PAID_SUBSCRIPTION_REQUIRED</code> ; le mode test reste gratuit dans tous les
              cas.
            </li>
            <li>
              <strong>L&apos;accès à la production.</strong> Demandez-le dans Paramètres, section « Accès à la production », une fois la vérification approuvée.
              Chaque propriétaire du compte doit avoir confirmé son adresse e-mail et activé la connexion en deux étapes, sinon la demande est refusée (
              <code>EMAIL_NOT_VERIFIED</code>, <code>TWO_FACTOR_REQUIRED</code>). Tant que l&apos;accès n&apos;est pas ouvert, une clé de production reçoit 401{" "}
              <code>PRODUCTION_KEY_DISABLED</code>.
            </li>
          </ol>

          <h2>Offres de la plateforme</h2>
          <p>
            La liste à jour est publique : <code>GET /v1/platform/plans</code>. Votre offre actuelle se lit avec <code>GET /v1/merchant/plan</code> et{" "}
            <code>GET /v1/merchant/subscription</code>.
          </p>
          <Table
            caption="Offres de la plateforme"
            head={["offre", "prix par mois", "volume mensuel en production"]}
            rows={platformPlans.map((p) => [p.name, formatXof(p.priceMonthly), p.monthlyLiveCap === null ? "sans plafond" : `jusqu’à ${formatXof(p.monthlyLiveCap)}`])}
          />
          <p>
            Un paiement en production qui ferait dépasser le plafond de votre offre (volume des paiements réussis du mois civil) est refusé avec 403{" "}
            <code>PLAN_MONTHLY_VOLUME_EXCEEDED</code>. Les paiements de test ne comptent jamais.
          </p>

          <h2>Liste de contrôle</h2>
          <ul>
            <li>
              Retirez <code>metadata.service_mock</code> et <code>metadata.sandbox</code> de vos requêtes : une clé de production les refuse (400{" "}
              <code>TEST_FLAG_IN_LIVE_MODE</code>).
            </li>
            <li>
              Enregistrez un <a href="/docs/webhooks">webhook</a> de production (HTTPS) et conservez son nouveau secret <code>whsec_</code> : les endpoints de test
              et de production sont distincts.
            </li>
            <li>
              Utilisez de vraies <code>return_url</code> sur votre domaine HTTPS : une clé live refuse <code>localhost</code> et <code>127.0.0.1</code>, que la clé de test acceptait.
            </li>
            <li>
              Gardez les clés de production sur votre serveur, jamais dans une application mobile ni dans un navigateur. Révoquez immédiatement une clé exposée
              depuis le tableau de bord.
            </li>
            <li>
              Traitez les <a href="/docs/errors">erreurs</a> que le mode test ne produit pas : <code>PLAN_MONTHLY_VOLUME_EXCEEDED</code>,{" "}
              <code>PROVIDER_ERROR</code>.
            </li>
          </ul>
          <Note>
            Les outils du mode test y restent : le simulateur, l&apos;horloge de test, OPR (<code>/v1/opr/*</code>) et <code>GET /v1/webhooks/events</code>{" "}
            répondent 403 <code>TEST_MODE_ONLY</code> à une clé de production. Les remboursements passent par le support (<code>POST /v1/refunds</code> répond
            503) ; les retraits sont examinés par notre équipe.
          </Note>
        </>
      ),
    },
    en: {
      title: "Going live",
      body: () => (
        <>
          <h1>Going live</h1>
          <p>
            Everything you built in test mode works the same in production: switch <code>sk_test_…</code> for <code>sk_live_…</code>. Before a live key is
            accepted, three things must be in place.
          </p>
          <ol>
            <li>
              <strong>Your business is verified (KYC).</strong> In the dashboard, under Settings, section “Business verification (KYC)”, enter: the legal name,
              the RCCM number, the tax id (NIF, optional), the address, the representative&apos;s name and phone, and the business activity. The form asks for no
              documents: if our team needs one (trade register extract, the representative&apos;s ID…), they contact you on the account&apos;s phone or e-mail
              and tell you how to send it. A rejected verification shows its reason; correct your details and send them again. Withdrawals and production access
              need an approved verification.
            </li>
            <li>
              <strong>A paid platform plan.</strong> Choose a plan under Settings, section “Platform subscription”. It is paid to our team (mobile money or
              invoice): we contact you, and the plan is active for 30 days from receipt of payment. Without a paid, current plan a live key gets 403{" "}
              <code>PAID_SUBSCRIPTION_REQUIRED</code>; test mode stays free either way.
            </li>
            <li>
              <strong>Production access.</strong> Request it under Settings, section “Production access”, once the verification is approved. Every owner of the
              account must have confirmed their e-mail address and turned on two-step sign-in, or the request is refused (<code>EMAIL_NOT_VERIFIED</code>,{" "}
              <code>TWO_FACTOR_REQUIRED</code>). Until access is opened, a live key gets 401 <code>PRODUCTION_KEY_DISABLED</code>.
            </li>
          </ol>

          <h2>Platform plans</h2>
          <p>
            The live list is public at <code>GET /v1/platform/plans</code>; your current plan is at <code>GET /v1/merchant/plan</code> and{" "}
            <code>GET /v1/merchant/subscription</code>.
          </p>
          <Table
            caption="Platform plans"
            head={["plan", "price per month", "monthly live volume"]}
            rows={platformPlans.map((p) => [p.name, formatXof(p.priceMonthly), p.monthlyLiveCap === null ? "no cap" : `up to ${formatXof(p.monthlyLiveCap)}`])}
          />
          <p>
            A live payment that would take the calendar month&apos;s successful live volume over your plan&apos;s cap is refused with 403{" "}
            <code>PLAN_MONTHLY_VOLUME_EXCEEDED</code>. Test payments never count.
          </p>

          <h2>Checklist</h2>
          <ul>
            <li>
              Remove <code>metadata.service_mock</code> and <code>metadata.sandbox</code> from your requests: a live key refuses them (400{" "}
              <code>TEST_FLAG_IN_LIVE_MODE</code>).
            </li>
            <li>
              Register a live <a href="/docs/webhooks">webhook endpoint</a> (HTTPS) and store its new <code>whsec_</code> secret: test and live endpoints are
              separate.
            </li>
            <li>
              Use real <code>return_url</code>s on your HTTPS domain: a live key refuses <code>localhost</code> and <code>127.0.0.1</code>, which the test key accepted.
            </li>
            <li>Keep live keys on your server only, never in a mobile app or a browser. Revoke a leaked key in the dashboard at once.</li>
            <li>
              Handle the <a href="/docs/errors">errors</a> you did not see in the sandbox: <code>PLAN_MONTHLY_VOLUME_EXCEEDED</code>, <code>PROVIDER_ERROR</code>.
            </li>
          </ul>
          <Note>
            Sandbox-only features stay in the sandbox: the simulator, the test clock, OPR (<code>/v1/opr/*</code>) and <code>GET /v1/webhooks/events</code>{" "}
            answer 403 <code>TEST_MODE_ONLY</code> to a live key. Refunds go through support (<code>POST /v1/refunds</code> answers 503); withdrawals are
            reviewed by our team.
          </Note>
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
