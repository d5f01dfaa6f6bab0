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
    "provider": "OPERATOR_MONEY", "provider_ref": "OP-…", "reference_id": "txn_01…",
    "customer_phone": "+22370000009",
    "customer": { "phone": "+22370000009", "name": null, "email": null },
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
              Chaque paiement porte <code>reference_id</code>, égal à <code>id</code>, le nom que lui donnait le service précédent : à la création, sur{" "}
              <code>GET /v1/payments/{"{id}"}</code> et <code>GET /v1/payments/search</code>, dans les éléments de liste et dans le <code>data</code> de chaque
              événement <code>payment.*</code>. Enregistrez-le sur la commande comme le font les exemples des bibliothèques :{" "}
              <code>poll(payment.reference_id)</code> lit le paiement, et les gestionnaires de webhooks retrouvent la commande par lui (
              <code>getReferenceId()</code> en PHP, <code>event.data.reference_id</code> en Python). Les événements émis avant l&apos;ajout de ce champ le portent
              aussi quand ils sont envoyés.
            </li>
            <li>
              À côté de <code>customer_phone</code>, <code>customer_name</code> et <code>customer_email</code>, les paiements (création, lectures, listes) et les
              événements <code>payment.*</code> les portent imbriqués dans <code>customer: {"{phone, name, email}"}</code> (<code>data.customer.phone</code>).
            </li>
            <li>
              <code>subscription.payment_due</code> porte <code>subscription_id</code> (= <code>id</code>), <code>billing_date</code> (={" "}
              <code>period_start</code>), <code>expires_at</code> (= <code>payment_expires_at</code>) et <code>payment_link_id</code> à côté des champs
              actuels. Chaque période est encaissée par un paiement, pas par un lien de paiement : <code>payment_link_id</code> est l&apos;identifiant de ce
              paiement (<code>txn_…</code>, comme <code>payment_id</code>), ses événements de paiement le portent en <code>reference_id</code>, et la page à
              envoyer au client est <code>payment_url</code>.
            </li>
            <li>
              Les liens de paiement acceptent et renvoient <code>title</code> et <code>price</code> (à côté de <code>name</code> et <code>amount</code>) et
              acceptent <code>redirect_url</code>.
            </li>
            <li>
              Le document OpenAPI (<code>/v1/openapi.json</code>) décrit ce que le serveur accepte : les alias ci-dessus (marqués dépréciés),{" "}
              <code>null</code> pour les champs facultatifs et <code>{"{}"}</code> sur les routes d&apos;action (<code>/activate</code>,{" "}
              <code>/reconcile</code>…). Les clients et validateurs générés à partir de lui (Prism compris) acceptent donc les appels des bibliothèques.
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

          <h3>Renouveler le secret</h3>
          <p>
            <code>POST /v1/webhooks/endpoints/{"{id}"}/roll-secret</code> renvoie le nouveau secret, une seule fois. Avec <code>grace_period_seconds</code>{" "}
            (jusqu&apos;à 86 400), l&apos;ancien secret continue de signer jusqu&apos;à la fin de la période et les deux en-têtes portent deux signatures :{" "}
            <strong>celle de l&apos;ancien secret d&apos;abord, celle du nouveau en dernier</strong>. Les bibliothèques du service précédent ne gardent que la
            dernière signature de l&apos;en-tête, d&apos;où :
          </p>
          <Table
            caption="Renouveler le secret sans perdre d'envoi"
            head={["vous vérifiez avec", "que faire", "ce qui se passe"]}
            rows={[
              [
                "Les bibliothèques du service précédent (JavaScript, Python, PHP)",
                "Renouvelez, puis remplacez tout de suite l'ancien secret par le nouveau dans la configuration de votre gestionnaire (préparez le déploiement avant de renouveler).",
                "Dès que le nouveau secret est en place, chaque envoi est vérifié. Les envois faits entre le renouvellement et ce moment sont refusés par votre gestionnaire puis renvoyés (après 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) : aucun n'est perdu, ils arrivent en retard. Ne gardez jamais l'ancien secret : avec lui, les bibliothèques refusent tous les envois à partir du renouvellement.",
              ],
              [
                "Standard Webhooks, ou les extraits ci-dessus (ils vérifient chaque signature)",
                <>
                  Renouvelez avec une période de grâce (par exemple <code>{'{"grace_period_seconds": 3600}'}</code>), puis installez le nouveau secret quand vous
                  voulez avant la fin de la période.
                </>,
                "Rien n'est refusé : l'ancien secret est vérifié jusqu'à la fin de la période, le nouveau dès le renouvellement.",
              ],
            ]}
          />
          <p>Sans période de grâce (la valeur par défaut, 0), seul le nouveau secret signe à partir du renouvellement.</p>

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
          Every payment carries <code>reference_id</code>, equal to <code>id</code>, the previous service&apos;s name for it: on creation, on{" "}
          <code>GET /v1/payments/{"{id}"}</code> and <code>GET /v1/payments/search</code>, in list items and in the <code>data</code> of every{" "}
          <code>payment.*</code> event. Store it on the order as the libraries&apos; examples do: <code>poll(payment.reference_id)</code> reads the payment, and
          webhook handlers find the order by it (PHP <code>getReferenceId()</code>, Python <code>event.data.reference_id</code>). Events emitted before this field
          existed carry it too when they are delivered.
        </li>
        <li>
          Beside <code>customer_phone</code>, <code>customer_name</code> and <code>customer_email</code>, payments (creation, reads, list items) and{" "}
          <code>payment.*</code> events carry them nested as <code>customer: {"{phone, name, email}"}</code> (<code>data.customer.phone</code>).
        </li>
        <li>
          <code>subscription.payment_due</code> carries <code>subscription_id</code> (= <code>id</code>), <code>billing_date</code> (= <code>period_start</code>),{" "}
          <code>expires_at</code> (= <code>payment_expires_at</code>) and <code>payment_link_id</code> beside today&apos;s fields. Each period is collected by a
          payment, not a payment link: <code>payment_link_id</code> is that payment&apos;s id (<code>txn_…</code>, the same as <code>payment_id</code>), its payment
          events carry it as <code>reference_id</code>, and the page to send the customer is <code>payment_url</code>.
        </li>
        <li>
          Payment links take and answer <code>title</code> and <code>price</code> (beside <code>name</code> and <code>amount</code>) and accept <code>redirect_url</code>.
        </li>
        <li>
          The OpenAPI document (<code>/v1/openapi.json</code>) describes what the server accepts: the aliases above (marked deprecated), JSON <code>null</code> for
          optional fields, and <code>{"{}"}</code> on action routes (<code>/activate</code>, <code>/reconcile</code>…), so clients and validators generated from it
          (Prism included) accept the libraries&apos; calls.
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

      <h3>Rolling the secret</h3>
      <p>
        <code>POST /v1/webhooks/endpoints/{"{id}"}/roll-secret</code> answers the new secret, once. With <code>grace_period_seconds</code> (up to 86,400), the previous
        secret keeps signing until the period ends, and both headers carry two signatures: <strong>the previous secret&apos;s first, the new secret&apos;s last</strong>.
        The previous service&apos;s libraries keep only the last signature of the header, so:
      </p>
      <Table
        caption="Rolling the secret without losing a delivery"
        head={["you verify with", "what to do", "what happens"]}
        rows={[
          [
            "The previous service's libraries (JavaScript, Python, PHP)",
            "Roll, then replace the old secret with the new one in your handler's configuration at once (have the deploy ready before you roll).",
            "From the moment the new secret is installed, every delivery verifies. Deliveries made between the roll and that moment are refused by your handler and retried (after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), so none is lost, only late. Never keep the old secret: with it, the libraries refuse every delivery from the roll on.",
          ],
          [
            "Standard Webhooks, or the snippets above (they check every signature)",
            <>
              Roll with a grace period (e.g. <code>{'{"grace_period_seconds": 3600}'}</code>), then install the new secret at any time before the period ends.
            </>,
            "Nothing is refused: the old secret verifies until the period ends, the new one from the roll on.",
          ],
        ]}
      />
      <p>Without a grace period (the default, 0), only the new secret signs from the roll on.</p>

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
