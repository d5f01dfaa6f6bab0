import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "../_components/guide";
import { Code, Note, Table } from "../_components/Prose";

const EVENT = `{
  "id": "evt_01m7y…",
  "type": "payment.success",
  "event": "payment.success",
  "version": "v1",
  "timestamp": "2026-10-12T09:30:00.000Z",
  "livemode": false,
  "data": {
    "id": "txn_…",
    "status": "SUCCESS",
    "amount": 5000,
    "currency": "XOF",
    "provider": "OPERATOR_MONEY",
    "provider_ref": "OM-…",
    "customer_phone": "+22370000001",
    "client_reference": "CMD-2041",
    "metadata": {},
    "created_at": "2026-10-12T09:28:12.000Z",
    "updated_at": "2026-10-12T09:30:00.000Z",
    …
  }
}`;

const paymentDue = (origin: string) => `{
  "type": "subscription.payment_due",
  "event": "subscription.payment_due",
  "version": "v1",
  "data": {
    "id": "sub_…", "status": "ACTIVE", "customer_phone": "+22370000001", "metadata": { … }, …,
    "payment_id": "txn_…",
    "payment_url": "${origin}/checkout/txn_…",
    "amount_due": 4000,
    "period_start": "2026-11-01T00:00:00.000Z",
    "payment_expires_at": "2026-11-01T00:15:00.000Z"
  },
  …
}`;

const NODE = `// npm install standardwebhooks express
import crypto from "node:crypto";
import express from "express";
import { Webhook } from "standardwebhooks";

const secret = process.env.CAURI_WEBHOOK_SECRET; // "whsec_…", as shown when the endpoint was created
const app = express();

// Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature.
function verifyStandard(rawBody, headers) {
  return new Webhook(secret).verify(rawBody, headers); // throws if forged, altered or older than 5 minutes
}

// X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{raw body}">, keyed with the secret string itself.
function verifyServiceSignature(rawBody, header) {
  const fields = String(header).split(",").map((part) => part.split("="));
  const t = Number(fields.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) throw new Error("too old");
  const expected = Buffer.from(crypto.createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest("hex"));
  const ok = fields.some(([k, v]) => k === "v1" && v.length === expected.length && crypto.timingSafeEqual(Buffer.from(v), expected));
  if (!ok) throw new Error("bad signature");
  return JSON.parse(rawBody);
}

// express.raw, NOT express.json: the signature covers the exact bytes we sent.
app.post("/webhooks/cauri", express.raw({ type: "application/json" }), (req, res) => {
  const rawBody = req.body.toString("utf8");
  let event;
  try {
    event = verifyStandard(rawBody, req.headers); // or: verifyServiceSignature(rawBody, req.headers["x-service-signature"])
  } catch {
    return res.status(400).send("invalid signature");
  }
  if (alreadyProcessed(event.id)) return res.sendStatus(200); // retries carry the same id
  if (event.type === "payment.success") markOrderPaid(event.data.client_reference, event.data.id);
  res.sendStatus(200); // answer 2xx within 10 seconds; do slow work afterwards
});`;

const NODE_CLIENT = `import { verifyServiceSignature, verifyWebhook } from "@cauri/client";

const event = verifyWebhook({ payload: rawBodyString, headers: req.headers, secret: process.env.CAURI_WEBHOOK_SECRET });
// or, by X-Service-Signature:
const same = verifyServiceSignature({ payload: rawBodyString, headers: req.headers, secret: process.env.CAURI_WEBHOOK_SECRET });`;

const PHP = `<?php
// No dependency. (composer require standard-webhooks/standard-webhooks does the first check too.)
$payload = file_get_contents('php://input');           // the raw body, before any json_decode
$secret  = getenv('CAURI_WEBHOOK_SECRET');             // "whsec_…"

// Standard Webhooks: key = base64-decoded part after "whsec_", signed "{id}.{timestamp}.{body}", base64.
function cauri_verify_standard(string $payload, string $secret): bool {
    $id        = $_SERVER['HTTP_WEBHOOK_ID'] ?? '';
    $timestamp = $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '';
    $key       = base64_decode(substr($secret, strlen('whsec_')));
    $expected  = base64_encode(hash_hmac('sha256', "$id.$timestamp.$payload", $key, true));
    if (abs(time() - (int) $timestamp) > 300) { return false; }
    foreach (explode(' ', $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '') as $part) {
        [$version, $sig] = array_pad(explode(',', $part, 2), 2, '');
        if ($version === 'v1' && hash_equals($expected, $sig)) { return true; }
    }
    return false;
}

// X-Service-Signature: key = the secret string as is, signed "{t}.{body}", lowercase hex.
function cauri_verify_service(string $payload, string $secret): bool {
    $t = null; $signatures = [];
    foreach (explode(',', $_SERVER['HTTP_X_SERVICE_SIGNATURE'] ?? '') as $part) {
        [$k, $v] = array_pad(explode('=', $part, 2), 2, '');
        if ($k === 't') { $t = $v; } elseif ($k === 'v1') { $signatures[] = $v; }
    }
    if ($t === null || !ctype_digit($t) || abs(time() - (int) $t) > 300) { return false; }
    $expected = hash_hmac('sha256', "$t.$payload", $secret);
    foreach ($signatures as $sig) { if (hash_equals($expected, $sig)) { return true; } }
    return false;
}

if (!cauri_verify_standard($payload, $secret)) {      // or cauri_verify_service($payload, $secret)
    http_response_code(400);
    exit('invalid signature');
}
$event = json_decode($payload, true);
if ($event['type'] === 'payment.success') { mark_order_paid($event['data']['client_reference']); }
http_response_code(200);`;

const PYTHON = `# pip install standardwebhooks flask
import hashlib, hmac, json, os, time
from flask import Flask, request
from standardwebhooks.webhooks import Webhook

app = Flask(__name__)
SECRET = os.environ["CAURI_WEBHOOK_SECRET"]  # "whsec_…"

def verify_standard(raw: str, headers) -> dict:
    return Webhook(SECRET).verify(raw, dict(headers))  # raises if forged, altered or older than 5 minutes

def verify_service_signature(raw: str, header: str) -> dict:
    fields = [part.split("=", 1) for part in header.split(",") if "=" in part]
    t = next((v for k, v in fields if k == "t"), "")
    if not t.isdigit() or abs(time.time() - int(t)) > 300:
        raise ValueError("too old")
    expected = hmac.new(SECRET.encode("utf-8"), f"{t}.{raw}".encode("utf-8"), hashlib.sha256).hexdigest()
    if not any(k == "v1" and hmac.compare_digest(v, expected) for k, v in fields):
        raise ValueError("bad signature")
    return json.loads(raw)

@app.post("/webhooks/cauri")
def cauri_webhook():
    raw = request.get_data(as_text=True)  # the raw body. Never request.json here.
    try:
        event = verify_standard(raw, request.headers)  # or verify_service_signature(raw, request.headers["X-Service-Signature"])
    except Exception:
        return "invalid signature", 400
    if event["type"] == "payment.success":
        mark_order_paid(event["data"]["client_reference"])
    return "", 200`;

const register = (origin: string) => `curl -s -X POST ${origin}/v1/webhooks/endpoints \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"url": "https://shop.example/webhooks/cauri", "description": "orders"}'`;

const { generateMetadata, Page } = guidePage(
  "/docs/webhooks",
  defineCopy({
    fr: {
      title: "Webhooks et signatures",
      body: (origin: string) => (
        <>
          <h1>Webhooks et vérification des signatures</h1>
          <p>
            Cauri prévient votre serveur quand quelque chose se passe — un paiement réussit, échoue ou expire, une commande sécurisée est payée ou libérée, une
            période d&apos;abonnement arrive à échéance — en envoyant un POST HTTPS avec un événement JSON à votre endpoint. Chaque envoi est signé deux fois,
            sur les mêmes octets : selon le schéma <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>, qu&apos;une bibliothèque toute faite
            vérifie dans n&apos;importe quel langage, et selon le schéma <code>X-Service-Signature</code> du service que Cauri remplace, pour que les
            gestionnaires écrits pour lui fonctionnent sans changement. Vérifiez l&apos;un ou l&apos;autre.
          </p>

          <h2>1. Enregistrez un endpoint</h2>
          <Code label="shell">{register(origin)}</Code>
          <p>
            La réponse contient le secret de signature de l&apos;endpoint, <code>whsec_…</code>, <strong>une seule fois</strong> : rangez-le avec vos secrets.
            Les deux schémas utilisent ce même secret. Vous pourrez le renouveler avec <code>POST /v1/webhooks/endpoints/{"{id}"}/roll-secret</code>. Les
            endpoints de production doivent être en HTTPS. Envoyez un événement de test avec <code>POST /v1/webhooks/test</code>.
          </p>

          <h2>2. L&apos;événement</h2>
          <Code label="json">{EVENT}</Code>
          <p>
            <code>data</code> est l&apos;objet lui-même — le paiement, la commande sécurisée, l&apos;abonnement ou le retrait — tel que l&apos;API le renvoie :{" "}
            <code>data.id</code>, <code>data.status</code> et <code>data.client_reference</code> (la référence de commande que vous avez envoyée à la création, comme dans le démarrage rapide) sont là où vous les attendez. <code>event</code> répète{" "}
            <code>type</code>, et <code>version</code> vaut <code>&quot;v1&quot;</code>. La liste des types est donnée par{" "}
            <code>GET /v1/webhook-event-types</code> ; le corps de chaque type est décrit sous <code>webhooks</code> dans le{" "}
            <a href="/v1/openapi.json">document OpenAPI</a>. Il n&apos;existe pas d&apos;événement <code>payment.cancelled</code>, <code>payout.*</code> ni{" "}
            <code>refund.*</code>.
          </p>
          <Table
            caption="En-têtes d'un envoi"
            head={["en-tête", "signification"]}
            rows={[
              [<code key="1">webhook-id</code>, "l'identifiant de l'événement, le même à chaque nouvelle tentative : servez-vous-en pour écarter les doublons"],
              [<code key="2">webhook-timestamp</code>, "l'heure Unix (en secondes) de la signature de cet envoi ; refusez tout écart de plus de 5 minutes"],
              [
                <code key="3">webhook-signature</code>,
                <span key="3b">
                  des valeurs <code>v1,&lt;HMAC-SHA256 en base64&gt;</code> séparées par des espaces (deux pendant un renouvellement du secret)
                </span>,
              ],
              [
                <code key="4">X-Service-Signature</code>,
                <span key="4b">
                  <code>t=&lt;secondes Unix&gt;,v1=&lt;HMAC-SHA256 en hexadécimal&gt;</code> (un <code>v1=</code> par secret : deux pendant un renouvellement)
                </span>,
              ],
              [<code key="5">X-Service-Event-ID</code>, "l'identifiant de l'événement, comme webhook-id"],
              [<code key="6">X-Service-Timestamp</code>, "les mêmes secondes Unix que t et webhook-timestamp"],
            ]}
          />
          <Table
            caption="Les deux signatures"
            head={["schéma", "chaîne signée", "clé", "encodage"]}
            rows={[
              [
                "Standard Webhooks",
                <code key="a">{"{webhook-id}.{webhook-timestamp}.{corps brut}"}</code>,
                <span key="b">
                  la partie du secret après <code>whsec_</code>, décodée du base64
                </span>,
                "base64",
              ],
              [
                <code key="c">X-Service-Signature</code>,
                <code key="d">{"{t}.{corps brut}"}</code>,
                <span key="e">
                  le secret entier <code>whsec_…</code>, en octets UTF-8, sans décodage
                </span>,
                "hexadécimal minuscule",
              ],
            ]}
          />
          <p>
            Les deux utilisent HMAC-SHA256 et une fenêtre de 5 minutes contre le rejeu ; comparez en temps constant, et acceptez l&apos;envoi si l&apos;une des
            signatures de l&apos;en-tête correspond.
          </p>

          <h2>3. Vérifiez, puis agissez</h2>
          <Note tone="warning">
            <strong>L&apos;erreur classique :</strong> décoder le corps en JSON avant de le vérifier. Du JSON ré-encodé n&apos;est pas identique octet pour octet
            à ce que nous avons signé (espaces, ordre des clés, échappements unicode) : la signature ne correspond jamais. Vérifiez le corps <em>brut</em>, puis
            décodez-le.
          </Note>
          <h3>Node.js</h3>
          <Code label="server.js (Express)">{NODE}</Code>
          <p>
            Avec le <a href="/docs/client">client TypeScript</a>, <code>verifyWebhook</code> et <code>verifyServiceSignature</code> font de même, et expliquent
            ce qui ne va pas quand le corps a déjà été décodé :
          </p>
          <Code label="TypeScript">{NODE_CLIENT}</Code>
          <h3>PHP</h3>
          <Code label="webhook.php">{PHP}</Code>
          <h3>Python</h3>
          <Code label="app.py (Flask)">{PYTHON}</Code>

          <h2>Abonnements : le paiement dû</h2>
          <p>
            Chaque fois que le cycle de facturation encaisse une période d&apos;abonnement — la première, chaque renouvellement, chaque nouvelle tentative
            d&apos;une période impayée — il envoie la demande de paiement sur le téléphone du client et émet <code>subscription.payment_due</code>. Son{" "}
            <code>data</code> est l&apos;abonnement, plus le paiement ouvert pour cette période :
          </p>
          <Code label="json">{paymentDue(origin)}</Code>
          <p>
            <code>payment_url</code> est la page de paiement hébergée de ce paiement (son <code>redirect_url</code>) : transmettez-la à votre client (SMS,
            e-mail, messagerie), qui l&apos;ouvre dans un navigateur pour payer la période, jusqu&apos;à <code>payment_expires_at</code>. Une tentative restée
            impayée est reprise 1, 3 et 5 jours plus tard, chaque fois avec un nouveau <code>subscription.payment_due</code> et une nouvelle adresse ;{" "}
            <code>subscription.renewed</code> suit une fois la période payée.
          </p>

          <h2>Nouvelles tentatives et journal des envois</h2>
          <p>
            Un envoi réussit quand votre endpoint répond par un 2xx en moins de 10 secondes. Sinon il est retenté — immédiatement, puis après 5 secondes, 5
            minutes, 30 minutes, 2 heures, 5 heures, 10 heures et 10 heures — et marqué FAILED après la dernière tentative. Les redirections ne sont pas
            suivies. Chaque tentative est journalisée avec le statut reçu : <code>GET /v1/webhooks/logs</code>, <code>GET /v1/webhooks/logs/{"{id}"}</code>, et{" "}
            <code>POST /v1/webhooks/logs/{"{id}"}/retry</code> pour renvoyer tout de suite.
          </p>
          <ul>
            <li>Répondez vite, puis faites le travail : un endpoint lent est un envoi échoué.</li>
            <li>
              Rendez votre gestionnaire idempotent sur l&apos;identifiant de l&apos;événement (<code>webhook-id</code>, <code>X-Service-Event-ID</code>) : un
              même envoi peut arriver plusieurs fois. Les événements peuvent arriver dans le désordre ; relisez la ressource si l&apos;ordre compte.
            </li>
          </ul>
          <h2>Renvoyer à la demande, tester en local</h2>
          <p>
            <code>POST /v1/webhooks/events/{"{id}"}/resend</code> renvoie n&apos;importe quel événement (livré, échoué ou en attente) à l&apos;endpoint de{" "}
            <code>endpoint_id</code> ou à tous ceux qui le reçoivent, signé à nouveau : une tentative de plus dans le journal.{" "}
            <code>POST /v1/webhooks/endpoints/{"{id}"}/resend-failed</code> avec <code>{"{from, to}"}</code> (30 jours au plus) remet en file les envois
            échoués d&apos;un endpoint sur cette période, par lots de 1 000. Le tableau de bord fait les deux, et sa page « Vérifier une signature » dit pourquoi
            une signature reçue ne se vérifie pas, sans jamais montrer la signature attendue. Pour recevoir vos événements de test sur votre machine, voyez la{" "}
            <a href="/docs/cli">ligne de commande cauri</a> (<code>cauri listen</code>).
          </p>
        </>
      ),
    },
    en: {
      title: "Webhooks and signature verification",
      body: (origin: string) => (
        <>

      <h1>Webhooks and signature verification</h1>
      <p>
        Cauri tells your server when something happens — a payment succeeds, fails or expires, a secure order is paid or released, a subscription period is due —
        by sending an HTTPS POST with a JSON event to your endpoint. Every delivery is signed twice, over the same bytes: with the{" "}
        <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> scheme, which an off-the-shelf library verifies in any language, and with the{" "}
        <code>X-Service-Signature</code> scheme of the service Cauri replaces, so handlers written for it keep working unchanged. Check either one.
      </p>

      <h2>1. Register an endpoint</h2>
      <Code label="shell">{register(origin)}</Code>
      <p>
        The answer carries the endpoint&apos;s signing secret, <code>whsec_…</code>, <strong>once</strong>: store it in your secrets. Both schemes use this one secret.
        You can roll it later with <code>POST /v1/webhooks/endpoints/{"{id}"}/roll-secret</code>. Live endpoints must use HTTPS. Send a test event with{" "}
        <code>POST /v1/webhooks/test</code>.
      </p>

      <h2>2. The event</h2>
      <Code label="json">{EVENT}</Code>
      <p>
        <code>data</code> is the object itself — the payment, secure order, subscription or withdrawal — exactly as the API returns it, so <code>data.id</code>,{" "}
        <code>data.status</code> and <code>data.client_reference</code> (the order reference you sent at creation, as in the quick start) are where you expect them. <code>event</code> repeats <code>type</code>, and{" "}
        <code>version</code> is <code>&quot;v1&quot;</code>. The list of types is at <code>GET /v1/webhook-event-types</code>; the body of each type is described
        under <code>webhooks</code> in the <a href="/v1/openapi.json">OpenAPI document</a>. There is no <code>payment.cancelled</code>, <code>payout.*</code> or{" "}
        <code>refund.*</code> event.
      </p>
      <Table
        caption="Delivery headers"
        head={["header", "meaning"]}
        rows={[
          [<code key="1">webhook-id</code>, "the event id — the same on every retry: use it to ignore duplicates"],
          [<code key="2">webhook-timestamp</code>, "Unix seconds when this attempt was signed; refuse anything more than 5 minutes away"],
          [<code key="3">webhook-signature</code>, <span key="3b">space-separated <code>v1,&lt;base64 HMAC-SHA256&gt;</code> values (two during a secret roll)</span>],
          [<code key="4">X-Service-Signature</code>, <span key="4b"><code>t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256&gt;</code> (one <code>v1=</code> per secret: two during a roll)</span>],
          [<code key="5">X-Service-Event-ID</code>, "the event id, as in webhook-id"],
          [<code key="6">X-Service-Timestamp</code>, "the same Unix seconds as t and webhook-timestamp"],
        ]}
      />
      <Table
        caption="The two signatures"
        head={["scheme", "signed string", "key", "encoding"]}
        rows={[
          [
            "Standard Webhooks",
            <code key="a">{"{webhook-id}.{webhook-timestamp}.{raw body}"}</code>,
            <span key="b">the base64-decoded part of the secret after <code>whsec_</code></span>,
            "base64",
          ],
          [
            <code key="c">X-Service-Signature</code>,
            <code key="d">{"{t}.{raw body}"}</code>,
            <span key="e">the whole secret string <code>whsec_…</code> as UTF-8 bytes, not decoded</span>,
            "lowercase hex",
          ],
        ]}
      />
      <p>Both use HMAC-SHA256 and a 5-minute replay window; compare in constant time, and accept the delivery if any one signature of the header matches.</p>

      <h2>3. Verify, then act</h2>
      <Note tone="warning">
        <strong>The usual mistake:</strong> parsing the body as JSON before verifying. Re-serialized JSON is not byte-for-byte what we signed (spacing, key order,
        unicode escapes), so the signature never matches. Verify the <em>raw</em> body, then parse.
      </Note>
      <h3>Node.js</h3>
      <Code label="server.js (Express)">{NODE}</Code>
      <p>
        With the <a href="/docs/client">TypeScript client</a>, <code>verifyWebhook</code> and <code>verifyServiceSignature</code> do the same and explain what went wrong
        when the body was already parsed:
      </p>
      <Code label="TypeScript">{NODE_CLIENT}</Code>
      <h3>PHP</h3>
      <Code label="webhook.php">{PHP}</Code>
      <h3>Python</h3>
      <Code label="app.py (Flask)">{PYTHON}</Code>

      <h2>Subscriptions: the payment due</h2>
      <p>
        Each time the billing cycle collects a subscription period — the first one, each renewal, each retry of an overdue one — it pushes the payment to the
        customer&apos;s phone and sends <code>subscription.payment_due</code>. Its <code>data</code> is the subscription plus the payment opened for that period:
      </p>
      <Code label="json">{paymentDue(origin)}</Code>
      <p>
        <code>payment_url</code> is that payment&apos;s hosted checkout (its <code>redirect_url</code>): forward it to your customer (SMS, e-mail, chat), who opens it
        in a browser to pay the period, until <code>payment_expires_at</code>. An attempt that ends unpaid is retried 1, 3 and 5 days later, each time with a new{" "}
        <code>subscription.payment_due</code> and a new URL; <code>subscription.renewed</code> follows once the period is paid.
      </p>

      <h2>Retries and the delivery log</h2>
      <p>
        A delivery succeeds when your endpoint answers any 2xx within 10 seconds. Otherwise it is retried — immediately, then after 5 seconds, 5 minutes,
        30 minutes, 2 hours, 5 hours, 10 hours and 10 hours — and marked FAILED after the last attempt. Redirects are not followed. Every attempt is logged with
        the status we received: <code>GET /v1/webhooks/logs</code>, <code>GET /v1/webhooks/logs/{"{id}"}</code>, and{" "}
        <code>POST /v1/webhooks/logs/{"{id}"}/retry</code> to send one again now.
      </p>
      <ul>
        <li>Answer quickly, then do the work: a slow endpoint is a failed delivery.</li>
        <li>
          Make your handler idempotent on the event id (<code>webhook-id</code>, <code>X-Service-Event-ID</code>): a delivery can arrive more than once. Events can
          arrive out of order; read the resource if order matters.
        </li>
      </ul>
      <h2>Resend on demand, test locally</h2>
      <p>
        <code>POST /v1/webhooks/events/{"{id}"}/resend</code> sends any event again (delivered, failed or pending) to the endpoint in <code>endpoint_id</code>{" "}
        or to every endpoint that receives it, signed afresh: one more attempt in the log. <code>POST /v1/webhooks/endpoints/{"{id}"}/resend-failed</code> with{" "}
        <code>{"{from, to}"}</code> (at most 30 days) queues an endpoint&apos;s failed deliveries of that period again, 1,000 at a time. The dashboard does both,
        and its &quot;Check a signature&quot; page says why a received signature does not verify, never showing the expected one. To receive your test events on
        your machine, see the <a href="/docs/cli">cauri command line</a> (<code>cauri listen</code>).
      </p>
            </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
