import Link from "next/link";
import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "../_components/guide";
import { Code, Note, Table } from "../_components/Prose";
import { sandboxScenarios, type SandboxScenario } from "@/lib/operator/scenarios";

const settle = (origin: string) => `curl -s -X POST ${origin}/v1/sandbox/payments/txn_…/simulate \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"outcome": "FAILED"}'`;

const opr = (origin: string, c: { create: string; sms: string; charge: string }) => `# 1. ${c.create}
curl -s -X POST ${origin}/v1/opr/create -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -H "X-Idempotency-Key: opr-1042" \\
  -d '{"amount": 2500, "payment_method": "OPERATOR_MONEY", "customer_phone": "+22376543210"}'
# → data.token = "opr_…", data.payment_id = "txn_…"

# 2. ${c.sms}
curl -s ${origin}/v1/sandbox/opr/opr_…/otp -H "Authorization: Bearer $CAURI_KEY"

# 3. ${c.charge}
curl -s -X POST ${origin}/v1/opr/charge -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -d '{"token": "opr_…", "otp": "123456"}'`;

const route = (key: string, text: string) => <code key={key}>{text}</code>;

/** How a page's language says a timeline step's moment and what comes with it. */
type StepWords = {
  confirm: string;
  afterPush: (seconds: number) => string;
  afterExpiry: (seconds: number) => string;
  callbacks: (n: number) => string;
};

/** A scenario's timeline in one line, from the catalogue itself: the page cannot drift from what the simulator does. */
function sequence(scenario: SandboxScenario, w: StepWords): string {
  return scenario.timeline
    .map((t) => {
      const when = t.at === "confirm" ? w.confirm : t.at === "after_push" ? w.afterPush(t.seconds) : w.afterExpiry(t.seconds);
      const extra = [t.callbacks ? w.callbacks(t.callbacks) : null, t.late_collection ? `late_collection ${t.late_collection}` : null, ...t.events].filter(Boolean);
      return `${when} → ${t.status}${extra.length ? ` (${extra.join(", ")})` : ""}`;
    })
    .join(" · ");
}

const scenarioRows = (what: Record<string, string>, w: StepWords) =>
  sandboxScenarios().map((s) => [<code key={s.phone}>{s.phone}</code>, <code key={s.name}>{s.name}</code>, what[s.name] ?? s.description, sequence(s, w)]);

const lateApproval = (origin: string, c: { create: string; confirm: string; advance: string; read: string }) => `# 1. ${c.create}
curl -s -X POST ${origin}/v1/payments -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -H "X-Idempotency-Key: late-1" \\
  -d '{"amount": 5000, "payment_method": "OPERATOR_MONEY", "customer_phone": "+22370000012", "return_url": "https://shop.example/ok"}'

# 2. ${c.confirm}
curl -s -X POST ${origin}/v1/payments/txn_…/confirm -H "Content-Type: application/json" -d '{"customer_phone": "+22370000012"}'

# 3. ${c.advance}
curl -s -X POST ${origin}/v1/sandbox/clock/advance -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -d '{"seconds": 1020}'

# 4. ${c.read}
curl -s ${origin}/v1/payments/txn_… -H "Authorization: Bearer $CAURI_KEY"`;

const { generateMetadata, Page } = guidePage(
  "/docs/test-mode",
  defineCopy({
    fr: {
      title: "Mode test et simulateur",
      body: (origin: string) => (
        <>
          <h1>Le mode test et le simulateur</h1>
          <p>
            Une clé <code>sk_test_…</code> fonctionne en mode test : gratuit, sans argent réel, avec la même URL de base et la même API qu&apos;en production.
            Les objets créés avec une clé de test sont invisibles pour les clés de production, et inversement. Tous les comptes ont accès au mode test, avec ou
            sans abonnement payant.
          </p>

          <h2>Les numéros du simulateur</h2>
          <p>
            Les paiements de test passent par notre simulateur. Le numéro du client décide de ce que fait l&apos;opérateur simulé quand le paiement est lancé
            (le client confirme sur la page de paiement, un cycle de facturation prélève, une commande sécurisée est payée), puis ensuite : chaque scénario
            suit les mêmes chemins qu&apos;une réponse ou un rappel signé de l&apos;opérateur réel. Les délais se comptent sur votre{" "}
            <a href="/docs/test-clock">horloge de test</a> : <code>POST /v1/sandbox/clock/advance</code> livre tout ce qui est devenu dû avant de répondre.
          </p>
          <Table
            caption="Scénarios du simulateur (la même liste, en JSON : GET /v1/sandbox/scenarios)"
            head={["customer_phone", "scénario", "ce qui se passe", "séquence (statut, événements)"]}
            rows={[
              ...scenarioRows(
                {
                  approved: "Le client valide tout de suite.",
                  declined: "Le client refuse la demande sur son téléphone.",
                  insufficient_balance: "Le solde mobile money du client ne couvre pas le montant.",
                  wrong_pin: "Le client saisit un code secret erroné.",
                  no_answer: "Le client ne répond jamais : le paiement attend, puis expire à expires_at.",
                  operator_unavailable:
                    "L'opérateur répond 503 : rien n'arrive au téléphone, le paiement reste PENDING avec la raison (la page de paiement propose de réessayer), puis expire.",
                  timeout_then_approved:
                    "L'opérateur ne répond pas à temps : PENDING avec la raison, visible par vous et par le client. L'envoi est pourtant arrivé : le client valide et le rappel de l'opérateur arrive 120 s après l'envoi.",
                  no_callback:
                    "Le client valide, mais l'opérateur ne rappelle jamais : le paiement reste PENDING jusqu'à ce que le service interroge l'opérateur de lui-même, 2 minutes après l'envoi (sur l'horloge de test) ; l'opérateur répond SUCCESS. POST /v1/payments/{id}/reconcile pose la même question tout de suite.",
                  approved_after_expiry:
                    "Le client valide après l'expiration : le rappel SUCCESS arrive 60 s après expires_at. Le paiement reste EXPIRED et porte un encaissement tardif (late_collection OPEN, payment.late_success), que notre équipe vous crédite ou rembourse au client.",
                  duplicate_callback: "L'opérateur envoie son rappel SUCCESS deux fois : le paiement réussit une seule fois (un payment.success, une écriture comptable).",
                },
                {
                  confirm: "confirmation",
                  afterPush: (n) => `envoi + ${n} s`,
                  afterExpiry: (n) => (n ? `expires_at + ${n} s` : "expires_at"),
                  callbacks: (n) => (n === 1 ? "1 rappel" : `${n} rappels`),
                },
              ),
              ["tout autre numéro", "", "attend : utilisez les boutons de test de la page de paiement, ou POST /v1/sandbox/payments/{id}/simulate", ""],
            ]}
          />
          <Code label="Un encaissement tardif, de bout en bout">
            {lateApproval(origin, {
              create: "un paiement pour le numéro +22370000012",
              confirm: "le client confirme sur la page de paiement → PENDING",
              advance: "17 minutes plus tard sur l'horloge de test → EXPIRED, puis le rappel tardif",
              read: "\"status\": \"EXPIRED\", \"late_collection\": {\"status\": \"OPEN\", …}",
            })}
          </Code>
          <Code label="Conclure un paiement de test en attente">{settle(origin)}</Code>
          <p>
            <code>simulate</code> fonctionne sur tout paiement simulé encore PENDING ; sur un paiement déjà terminé, il répond 409. Chaque résultat émet les
            mêmes événements et webhooks qu&apos;en production.
          </p>

          <h2>Les indicateurs de metadata</h2>
          <ul>
            <li>
              <code>metadata.service_mock: true</code> : le simulateur de Cauri, sans appel à l&apos;opérateur (le comportement par défaut en mode test).
            </li>
            <li>
              <code>metadata.sandbox: true</code> : l&apos;environnement de test de l&apos;opérateur lui-même.
            </li>
          </ul>
          <p>
            Une clé de production refuse ces deux indicateurs (400 <code>TEST_FLAG_IN_LIVE_MODE</code>) : retirez-les quand vous changez de clé.
          </p>

          <h2>Les outils du mode test</h2>
          <p>
            Ces routes n&apos;existent que pour les clés de test ; une clé de production reçoit 403 <code>TEST_MODE_ONLY</code>. Elles sont regroupées sous{" "}
            <em>Sandbox</em> dans la <Link href="/docs/reference">référence</Link>.
          </p>
          <Table
            caption="Outils du mode test"
            head={["route", "rôle"]}
            rows={[
              [route("a", "POST /v1/sandbox/payments/{id}/simulate"), "conclure un paiement simulé : {\"outcome\": \"SUCCESS\" | \"FAILED\"}"],
              [
                route("b", "POST /v1/sandbox/clock/advance"),
                <a key="b2" href="/docs/test-clock">
                  avancer votre horloge de test
                </a>,
              ],
              [route("c", "GET /v1/sandbox/clock"), "l'heure actuelle de votre horloge de test"],
              [route("d", "POST /v1/sandbox/secure-orders/{id}/simulate-payment"), "payer une commande sécurisée comme le ferait la page de l'acheteur"],
              [route("e", "GET /v1/sandbox/secure-orders/{id}/delivery-code"), "lire le code de livraison à 6 chiffres d'une commande sécurisée"],
              [route("h", "POST /v1/sandbox/secure-orders/{id}/simulate-dispute"), "ouvrir un litige comme l'acheteur : {\"reason\"?} (secure_order.disputed)"],
              [route("i", "POST /v1/sandbox/invoices/{id}/simulate-payment"), "payer une facture comme le client depuis sa page : {\"outcome\": \"SUCCESS\" | \"FAILED\"}"],
              [route("f", "GET /v1/webhooks/events"), "les derniers événements de votre application"],
              [route("g", "POST /v1/opr/create, /v1/opr/charge"), "paiement sur place avec un code à usage unique (ci-dessous)"],
            ]}
          />

          <h2>Paiement sur place (OPR), en mode test uniquement</h2>
          <p>
            OPR débite un client sans l&apos;envoyer vers la page de paiement : vous créez la demande, le client reçoit un code à usage unique par SMS, le saisit
            sur votre site, et vous débitez avec ce code. En mode test, le code n&apos;est pas envoyé : lisez-le avec{" "}
            <code>GET /v1/sandbox/opr/{"{token}"}/otp</code>. Trois codes erronés annulent la demande.
          </p>
          <Code label="OPR en mode test">
            {opr(origin, {
              create: "créer (même corps qu'un paiement, sans return_url)",
              sms: "le code que le client recevrait par SMS (mode test uniquement)",
              charge: "débiter avec ce code → le paiement est SUCCESS",
            })}
          </Code>
          <Note tone="warning">
            OPR n&apos;existe pas en production : une clé de production reçoit 403 <code>TEST_MODE_ONLY</code>. En production, utilisez la page de paiement
            hébergée.
          </Note>
        </>
      ),
    },
    en: {
      title: "Test mode and the simulator",
      body: (origin: string) => (
        <>
          <h1>Test mode and the simulator</h1>
          <p>
            A <code>sk_test_…</code> key works in the sandbox: free, no real money, same base URL and same API as production. Objects created with a test key
            are invisible to live keys and the other way round. Every account can use test mode, with or without a paid plan.
          </p>

          <h2>The simulator&apos;s phone numbers</h2>
          <p>
            Test payments are handled by our simulator. The customer&apos;s number decides what the simulated operator does when the payment is initiated (the
            customer confirms on the checkout, a billing cycle charges, a secure order is paid), and afterwards: every scenario takes the same paths as the
            real operator&apos;s answer or signed callback. Delays count on your <a href="/docs/test-clock">test clock</a>:{" "}
            <code>POST /v1/sandbox/clock/advance</code> delivers everything that fell due before it answers.
          </p>
          <Table
            caption="Simulator scenarios (the same list as JSON: GET /v1/sandbox/scenarios)"
            head={["customer_phone", "scenario", "what happens", "sequence (status, events)"]}
            rows={[
              ...scenarioRows(
                {},
                {
                  confirm: "confirm",
                  afterPush: (n) => `push + ${n} s`,
                  afterExpiry: (n) => (n ? `expires_at + ${n} s` : "expires_at"),
                  callbacks: (n) => (n === 1 ? "1 callback" : `${n} callbacks`),
                },
              ),
              ["any other number", "", "waits: use the checkout page's test buttons, or POST /v1/sandbox/payments/{id}/simulate", ""],
            ]}
          />
          <Code label="A late collection, end to end">
            {lateApproval(origin, {
              create: "a payment for +22370000012",
              confirm: "the customer confirms on the checkout → PENDING",
              advance: "17 minutes later on the test clock → EXPIRED, then the late callback",
              read: "\"status\": \"EXPIRED\", \"late_collection\": {\"status\": \"OPEN\", …}",
            })}
          </Code>
          <Code label="Settle a waiting test payment">{settle(origin)}</Code>
          <p>
            <code>simulate</code> works on any simulated payment that is still PENDING; on a payment that already ended it answers 409. Every outcome emits the
            same events and webhooks as in production.
          </p>

          <h2>Metadata flags</h2>
          <ul>
            <li>
              <code>metadata.service_mock: true</code> — use Cauri&apos;s simulator with no operator call (the default in test mode).
            </li>
            <li>
              <code>metadata.sandbox: true</code> — call the operator&apos;s own test environment instead.
            </li>
          </ul>
          <p>
            Both flags are refused with a live key (400 <code>TEST_FLAG_IN_LIVE_MODE</code>): remove them when you switch keys.
          </p>

          <h2>Sandbox tools</h2>
          <p>
            These routes exist only for test keys; a live key gets 403 <code>TEST_MODE_ONLY</code>. They are listed under <em>Sandbox</em> in the{" "}
            <Link href="/docs/reference">reference</Link>.
          </p>
          <Table
            caption="Sandbox tools"
            head={["route", "what it does"]}
            rows={[
              [route("a", "POST /v1/sandbox/payments/{id}/simulate"), "settle a simulated payment: {\"outcome\": \"SUCCESS\" | \"FAILED\"}"],
              [
                route("b", "POST /v1/sandbox/clock/advance"),
                <a key="b2" href="/docs/test-clock">
                  move your test clock forward
                </a>,
              ],
              [route("c", "GET /v1/sandbox/clock"), "your test clock's current time"],
              [route("d", "POST /v1/sandbox/secure-orders/{id}/simulate-payment"), "pay a secure order as the buyer page would"],
              [route("e", "GET /v1/sandbox/secure-orders/{id}/delivery-code"), "read a secure order's 6-digit delivery code"],
              [route("h", "POST /v1/sandbox/secure-orders/{id}/simulate-dispute"), "open a dispute as the buyer: {\"reason\"?} (secure_order.disputed)"],
              [route("i", "POST /v1/sandbox/invoices/{id}/simulate-payment"), "pay an invoice as its customer would from its page: {\"outcome\": \"SUCCESS\" | \"FAILED\"}"],
              [route("f", "GET /v1/webhooks/events"), "the latest events of your application"],
              [route("g", "POST /v1/opr/create, /v1/opr/charge"), "onsite payment with a one-time code (below)"],
            ]}
          />

          <h2>Onsite payment request (OPR), sandbox only</h2>
          <p>
            OPR charges a customer without sending them to the checkout: you create the request, the customer receives a one-time code by SMS, types it on your
            site, and you charge with it. In the sandbox the code is not sent: read it with <code>GET /v1/sandbox/opr/{"{token}"}/otp</code>. Three wrong codes
            cancel the request.
          </p>
          <Code label="OPR in the sandbox">
            {opr(origin, {
              create: "create (same body as a payment, without return_url)",
              sms: "the code the customer would receive by SMS (sandbox only)",
              charge: "charge with it → the payment is SUCCESS",
            })}
          </Code>
          <Note tone="warning">
            OPR is not available in production: a live key gets 403 <code>TEST_MODE_ONLY</code>. Use the hosted checkout in production.
          </Note>
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
