import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "../_components/guide";
import { Code, Note } from "../_components/Prose";

const readAndAdvance = (origin: string) => `curl -s ${origin}/v1/sandbox/clock -H "Authorization: Bearer $CAURI_KEY"

curl -s -X POST ${origin}/v1/sandbox/clock/advance \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"seconds": 960}'`;

const expire = (origin: string) => `curl -s -X POST ${origin}/v1/sandbox/clock/advance -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -d '{"seconds": 960}'
curl -s ${origin}/v1/payments/txn_… -H "Authorization: Bearer $CAURI_KEY"   # "status": "EXPIRED"`;

const { generateMetadata, Page } = guidePage(
  "/docs/test-clock",
  defineCopy({
    fr: {
      title: "Horloge de test",
      body: (origin: string) => (
        <>
          <h1>Horloge de test</h1>
          <p>
            Les paiements expirent, les commandes sécurisées ont des délais de paiement et de livraison, les abonnements se renouvellent. Pour tester tout cela
            sans attendre, chaque commerçant dispose d&apos;une <strong>horloge de test</strong> pour ses objets du mode test. L&apos;avancer fait voir la
            nouvelle heure à toutes les règles de temps de vos objets de test, et exécute le travail de fond devenu dû (expirations, délais, cycles de
            facturation, nouvelles tentatives de webhook) avant que l&apos;appel ne réponde.
          </p>
          <Code label="Lire et avancer votre horloge de test">{readAndAdvance(origin)}</Code>

          <h2>Exemple : un paiement qui expire</h2>
          <ol>
            <li>
              Créez un paiement pour le <code>+22370000003</code> (il reste PENDING).
            </li>
            <li>
              Avancez l&apos;horloge au-delà de son <code>expires_at</code> (16 minutes ici).
            </li>
            <li>
              Relisez-le : il est <code>EXPIRED</code>, et un événement <code>payment.expired</code> a été émis une seule fois (et livré à votre webhook).
            </li>
          </ol>
          <Code label="shell">{expire(origin)}</Code>
          <Note>
            L&apos;horloge ne fait qu&apos;avancer, et seulement pour votre mode test : les objets de production et les autres commerçants ne sont jamais
            touchés. Les dates de vos objets de test (<code>created_at</code>, <code>expires_at</code>…) suivent votre horloge de test : elles peuvent donc être en
            avance sur l&apos;heure réelle.
          </Note>
        </>
      ),
    },
    en: {
      title: "Test clock",
      body: (origin: string) => (
        <>
          <h1>Test clock</h1>
          <p>
            Payments expire, secure orders have payment and delivery deadlines, subscriptions renew. To test these without waiting, each merchant has a{" "}
            <strong>test clock</strong> for its sandbox objects. Moving it forward makes every time rule of your test objects see the new time, and runs the
            background work that became due (expiry, deadlines, billing cycles, webhook retries) before the call returns.
          </p>
          <Code label="Read and advance your test clock">{readAndAdvance(origin)}</Code>

          <h2>Example: a payment that expires</h2>
          <ol>
            <li>
              Create a payment for <code>+22370000003</code> (it stays PENDING).
            </li>
            <li>
              Advance the clock past its <code>expires_at</code> (16 minutes here).
            </li>
            <li>
              Read it: it is <code>EXPIRED</code>, and a <code>payment.expired</code> event was emitted once (and delivered to your webhook endpoint).
            </li>
          </ol>
          <Code label="shell">{expire(origin)}</Code>
          <Note>
            The clock only moves forward and only for your test mode: live objects and other merchants are never affected. Timestamps of test objects (
            <code>created_at</code>, <code>expires_at</code>, …) are on your test clock, so they can be ahead of the real time.
          </Note>
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
