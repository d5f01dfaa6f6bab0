import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "../_components/guide";
import { Code, Note, Table } from "../_components/Prose";
import { nodeServiceSignature, nodeStandardWebhooks, phpServiceSignature, phpStandardWebhooks, pythonServiceSignature, pythonStandardWebhooks } from "./snippets";

const DELIVERY = `{
  "id": "evt_01…",
  "type": "payment.success",
  "event": "payment.success",
  "version": "v1",
  "timestamp": "2026-10-14T09:30:00.000Z",
  "livemode": false,
  "data": {
    "id": "txn_01…", "status": "SUCCESS", "amount": 12500, "currency": "XOF",
    "provider": "OPERATOR_MONEY", "provider_ref": "OP-…", "customer_phone": "+22370000009",
    "metadata": { "order_id": "A-1042" }, "created_at": "…", "updated_at": "…"
  }
}`;

const { generateMetadata, Page } = guidePage(
  "/docs/migrating",
  defineCopy({
    fr: {
      title: "Migrer une intégration existante",
      body: (origin: string) => (
        <>
          <h1>Migrer une intégration existante</h1>
          <p>
            Cauri répond aux appels que font les bibliothèques clientes du service précédent (JavaScript/TypeScript, Python, PHP) et son guide
            d&apos;intégration. Faites pointer l&apos;URL de base de votre bibliothèque vers <code>{origin}</code>, utilisez votre clé API Cauri, et la plupart
            du code tourne sans changement. Cette page liste ce qui reste, les deux changements du contrat d&apos;octobre 2026 qui demandent une ligne de code,
            et comment vérifier les webhooks avec l&apos;un ou l&apos;autre schéma de signature.
          </p>

          <h2>Ce qui reste</h2>
          <ul>
            <li>
              <code>Authorization: Bearer &lt;clé&gt;</code>, les chemins <code>/v1</code> et l&apos;enveloppe <code>{"{success, data}"}</code> /{" "}
              <code>{"{success, error: {code, message}}"}</code>.
            </li>
            <li>
              Paiements : <code>provider</code> est lu comme <code>payment_method</code>, un <code>customer: {"{phone, name, email}"}</code> imbriqué comme les
              champs à plat, et <code>null</code> comme « non envoyé » pour tout champ facultatif. Un <code>metadata.description</code> s&apos;affiche sur la page
              de paiement quand vous n&apos;envoyez pas de <code>description</code>.
            </li>
            <li>
              <code>GET /v1/payments/search?client_reference=…</code> renvoie le paiement le plus récent avec cette référence (404 <code>NOT_FOUND</code> s&apos;il
              n&apos;y en a aucun). Pour lister tous les paiements d&apos;une référence, utilisez <code>GET /v1/payments?client_reference=…</code>.
            </li>
            <li>
              <code>POST /v1/payments/{"{id}"}/reconcile</code> renvoie <code>updated</code> et <code>new_status</code>.
            </li>
            <li>
              Les liens de paiement acceptent et renvoient <code>title</code> et <code>price</code> (à côté de <code>name</code> et <code>amount</code>) et
              acceptent <code>redirect_url</code>.
            </li>
            <li>
              <code>GET /v1/public/plans?merchant_id=…</code> renvoie <code>{"{merchant: {id, name}, plans: [...]}"}</code> avec <code>interval_label</code>,{" "}
              <code>features</code> et <code>checkout_url</code> pour chaque plan, plans de production uniquement. <code>checkout_url</code> vaut{" "}
              <code>null</code> : les clients ne s&apos;abonnent pas eux-mêmes, c&apos;est vous qui les abonnez avec{" "}
              <code>POST /v1/billing/subscriptions/with-payment</code> avant de leur envoyer son lien de paiement.
            </li>
            <li>
              En-têtes de limite de débit : <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> et <code>X-RateLimit-Reset</code> (une heure Unix
              en secondes), à côté des <code>RateLimit-*</code> standard (dont la remise à zéro est en secondes à partir de maintenant).
            </li>
            <li>
              Webhooks : les événements que lisent vos gestionnaires (<code>payment.success</code>, <code>payment.failed</code>,{" "}
              <code>subscription.payment_due</code>…), signés avec <code>X-Service-Signature</code>, avec <code>event</code>, <code>data.id</code>,{" "}
              <code>data.status</code> et <code>data.metadata</code> dans le corps.
            </li>
          </ul>

          <h2>Ce qui change avec le contrat d&apos;octobre 2026</h2>
          <Table
            caption="Changements qui demandent une ligne de code"
            head={["changement", "que faire", "sinon"]}
            rows={[
              [
                <>
                  <code>X-Idempotency-Key</code> est obligatoire sur <code>POST /v1/payments</code> et <code>POST /v1/withdrawals</code>
                </>,
                "Créez une clé (un UUID) en même temps que la commande de votre côté, conservez-la avec la commande et envoyez-la à chaque tentative. Les bibliothèques acceptent des en-têtes supplémentaires par appel.",
                <>
                  400 <code>IDEMPOTENCY_KEY_REQUIRED</code> ; si le corps est faux lui aussi, la même réponse le dit, sous <code>error.details</code>
                </>,
              ],
              [
                "Un seul opérateur",
                <>
                  <code>provider</code> / <code>payment_method</code> vaut <code>OPERATOR_MONEY</code> ; l&apos;indicateur de simulation de la marque est{" "}
                  <code>metadata.service_mock</code>
                </>,
                <>
                  400 <code>INVALID_PROVIDER</code> / <code>INVALID_PAYMENT_METHOD</code> : rien n&apos;est jamais envoyé vers un autre porte-monnaie
                </>,
              ],
              [
                "La facturation passe sous /v1/billing",
                <>
                  <code>/v1/plans</code>, <code>/v1/subscriptions</code>, <code>/v1/customers</code> → <code>/v1/billing/plans</code>,{" "}
                  <code>/v1/billing/subscriptions</code>, <code>/v1/billing/customers</code>
                </>,
                "404 NOT_FOUND, dont le message donne la nouvelle route",
              ],
              [
                "Pas de versements automatiques",
                <>
                  Demandez un retrait avec <code>POST /v1/withdrawals</code> (<code>amount</code>, <code>provider</code>, <code>phone_number</code>) ; notre équipe
                  l&apos;exécute
                </>,
                <>
                  <code>/v1/payouts/…</code> renvoie une erreur qui indique <code>/v1/withdrawals</code> ; <code>recipient_phone</code> est refusé avec{" "}
                  <code>RECIPIENT_PHONE_NOT_SUPPORTED</code>
                </>,
              ],
            ]}
          />

          <h2>Webhooks : deux signatures sur les mêmes octets</h2>
          <p>
            Chaque envoi porte les deux schémas, calculés sur le corps exact envoyé. Vérifiez l&apos;un ou l&apos;autre ; n&apos;agissez jamais sur un envoi
            que vous n&apos;avez pas vérifié.
          </p>
          <Table
            caption="Les deux schémas de signature"
            head={["schéma", "en-têtes", "contenu signé", "clé"]}
            rows={[
              [
                "Celui du service précédent (ses bibliothèques le vérifient)",
                <>
                  <code>X-Service-Signature: t=&lt;secondes Unix&gt;,v1=&lt;hex&gt;</code>, <code>X-Service-Event-ID</code>, <code>X-Service-Timestamp</code>
                </>,
                <>
                  HMAC-SHA256 de <code>{"{t}.{corps brut}"}</code>, en hexadécimal minuscule
                </>,
                <>
                  le secret tel qu&apos;affiché (<code>whsec_…</code>), en octets UTF-8
                </>,
              ],
              [
                "Standard Webhooks (notre client et notre documentation)",
                <>
                  <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature: v1,&lt;base64&gt;</code>
                </>,
                <>
                  HMAC-SHA256 de <code>{"{id}.{timestamp}.{corps brut}"}</code>, en base64
                </>,
                <>
                  la partie après <code>whsec_</code>, décodée du base64
                </>,
              ],
            ]}
          />
          <p>
            Refusez un envoi dont l&apos;horodatage s&apos;écarte de plus de 5 minutes de votre horloge. Quand vous renouvelez un secret avec une période de
            grâce, l&apos;ancien secret continue de signer à côté du nouveau jusqu&apos;à la fin de la période : un en-tête peut donc porter deux signatures{" "}
            <code>v1</code>. Acceptez l&apos;envoi si l&apos;une d&apos;elles correspond.
          </p>
          <p>
            Le corps a la même forme pour les deux schémas : l&apos;objet lui-même est dans <code>data</code>.
          </p>
          <Code label="le corps d'un envoi">{DELIVERY}</Code>

          <h3>X-Service-Signature</h3>
          <Code label="Node.js">{nodeServiceSignature}</Code>
          <Code label="Python">{pythonServiceSignature}</Code>
          <Code label="PHP">{phpServiceSignature}</Code>

          <h3>Standard Webhooks</h3>
          <Code label="Node.js (npm install standardwebhooks)">{nodeStandardWebhooks}</Code>
          <Code label="Python (pip install standardwebhooks)">{pythonStandardWebhooks}</Code>
          <Code label="PHP (composer require standard-webhooks/standard-webhooks)">{phpStandardWebhooks}</Code>

          <Note>
            Lisez le corps en octets bruts avant tout décodage JSON : un framework qui le décode puis le ré-encode change les octets, et aucune signature ne
            correspond. Voir <a href="/docs/webhooks">Webhooks et signatures</a> pour les nouvelles tentatives, le catalogue des événements et les envois de
            test.
          </Note>
        </>
      ),
    },
    en: {
      title: "Migrating an existing integration",
      body: (origin: string) => (
        <>
      <h1>Migrating an existing integration</h1>
      <p>
        Cauri answers the calls the previous service&apos;s client libraries (JavaScript/TypeScript, Python, PHP) and its integration guide make. Point your
        library&apos;s base URL at <code>{origin}</code>, use your Cauri key, and most code runs unchanged. This page lists what stays, the two changes of the
        October 2026 contract that need a line of code, and how to verify webhooks with either signature scheme.
      </p>

      <h2>What stays</h2>
      <ul>
        <li>
          <code>Authorization: Bearer &lt;key&gt;</code>, the <code>/v1</code> paths and the <code>{"{success, data}"}</code> / <code>{"{success, error: {code, message}}"}</code>{" "}
          envelope.
        </li>
        <li>
          Payments: <code>provider</code> is read as <code>payment_method</code>, a nested <code>customer: {"{phone, name, email}"}</code> as the flat fields, and{" "}
          <code>null</code> as &ldquo;not sent&rdquo; for every optional field. A <code>metadata.description</code> shows on the checkout page when you send no{" "}
          <code>description</code>.
        </li>
        <li>
          <code>GET /v1/payments/search?client_reference=…</code> answers the most recent payment with that reference (404 <code>NOT_FOUND</code> when none). To list
          every payment with a reference, use <code>GET /v1/payments?client_reference=…</code>.
        </li>
        <li>
          <code>POST /v1/payments/{"{id}"}/reconcile</code> answers <code>updated</code> and <code>new_status</code>.
        </li>
        <li>
          Payment links take and answer <code>title</code> and <code>price</code> (beside <code>name</code> and <code>amount</code>) and accept <code>redirect_url</code>.
        </li>
        <li>
          <code>GET /v1/public/plans?merchant_id=…</code> answers <code>{"{merchant: {id, name}, plans: [...]}"}</code> with <code>interval_label</code>,{" "}
          <code>features</code> and <code>checkout_url</code> per plan, live plans only. <code>checkout_url</code> is <code>null</code>: customers do not subscribe
          themselves, you subscribe them with <code>POST /v1/billing/subscriptions/with-payment</code> and send them its payment link.
        </li>
        <li>
          Rate-limit headers: <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code> (a Unix time in seconds), beside the
          standard <code>RateLimit-*</code> (whose reset is in seconds from now).
        </li>
        <li>
          Webhooks: the events your handlers read (<code>payment.success</code>, <code>payment.failed</code>, <code>subscription.payment_due</code>…), signed with{" "}
          <code>X-Service-Signature</code>, with <code>event</code>, <code>data.id</code>, <code>data.status</code> and <code>data.metadata</code> in the body.
        </li>
      </ul>

      <h2>What changed in the October 2026 contract</h2>
      <Table
        caption="Changes that need a line of code"
        head={["change", "what to do", "what you get otherwise"]}
        rows={[
          [
            <>
              <code>X-Idempotency-Key</code> is required on <code>POST /v1/payments</code> and <code>POST /v1/withdrawals</code>
            </>,
            "Generate a key (a UUID) when you create the order on your side, store it with the order, and send it on every attempt. The libraries take extra headers per call.",
            <>
              400 <code>IDEMPOTENCY_KEY_REQUIRED</code>; a body that is wrong too is named in the same answer, under <code>error.details</code>
            </>,
          ],
          [
            "One operator",
            <>
              <code>provider</code> / <code>payment_method</code> is <code>OPERATOR_MONEY</code>; the brand&apos;s mock flag is <code>metadata.service_mock</code>
            </>,
            <>
              400 <code>INVALID_PROVIDER</code> / <code>INVALID_PAYMENT_METHOD</code>: nothing is ever routed to another wallet
            </>,
          ],
          [
            "Billing moved under /v1/billing",
            <>
              <code>/v1/plans</code>, <code>/v1/subscriptions</code>, <code>/v1/customers</code> → <code>/v1/billing/plans</code>, <code>/v1/billing/subscriptions</code>,{" "}
              <code>/v1/billing/customers</code>
            </>,
            "404 NOT_FOUND whose message names the new route",
          ],
          [
            "No automatic payouts",
            <>
              Request a withdrawal with <code>POST /v1/withdrawals</code> (<code>amount</code>, <code>provider</code>, <code>phone_number</code>); our staff execute it
            </>,
            <>
              <code>/v1/payouts/…</code> answers an error that points at <code>/v1/withdrawals</code>; <code>recipient_phone</code> is refused with{" "}
              <code>RECIPIENT_PHONE_NOT_SUPPORTED</code>
            </>,
          ],
        ]}
      />

      <h2>Webhooks: two signatures over the same bytes</h2>
      <p>Every delivery carries both schemes, computed over the exact body sent. Verify either one; never act on a delivery you have not verified.</p>
      <Table
        caption="The two signature schemes"
        head={["scheme", "headers", "signed content", "key"]}
        rows={[
          [
            "The previous service's (its libraries verify it)",
            <>
              <code>X-Service-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>, <code>X-Service-Event-ID</code>, <code>X-Service-Timestamp</code>
            </>,
            <>
              HMAC-SHA256 of <code>{"{t}.{raw body}"}</code>, lowercase hex
            </>,
            <>
              the secret exactly as shown (<code>whsec_…</code>), as UTF-8 bytes
            </>,
          ],
          [
            "Standard Webhooks (our client and docs)",
            <>
              <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature: v1,&lt;base64&gt;</code>
            </>,
            <>
              HMAC-SHA256 of <code>{"{id}.{timestamp}.{raw body}"}</code>, base64
            </>,
            <>
              the base64 after <code>whsec_</code>, decoded
            </>,
          ],
        ]}
      />
      <p>
        Refuse a delivery whose timestamp is more than 5 minutes from your clock. When you roll a secret with a grace period, the previous secret keeps signing beside the new
        one until the period ends, so a header may carry two <code>v1</code> signatures: accept the delivery if one of them matches.
      </p>
      <p>The body has one shape for both schemes: the object itself is in <code>data</code>.</p>
      <Code label="a delivery's body">{DELIVERY}</Code>

      <h3>X-Service-Signature</h3>
      <Code label="Node.js">{nodeServiceSignature}</Code>
      <Code label="Python">{pythonServiceSignature}</Code>
      <Code label="PHP">{phpServiceSignature}</Code>

      <h3>Standard Webhooks</h3>
      <Code label="Node.js (npm install standardwebhooks)">{nodeStandardWebhooks}</Code>
      <Code label="Python (pip install standardwebhooks)">{pythonStandardWebhooks}</Code>
      <Code label="PHP (composer require standard-webhooks/standard-webhooks)">{phpStandardWebhooks}</Code>

      <Note>
        Read the body as raw bytes before any JSON parsing: a framework that parses and re-serialises it changes the bytes, and no signature matches. See{" "}
        <a href="/docs/webhooks">Webhooks &amp; signatures</a> for retries, the event catalogue and the test deliveries.
      </Note>
            </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
