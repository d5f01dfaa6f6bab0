import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "../_components/guide";
import { Code, Note, Table } from "../_components/Prose";

const retry = (origin: string, comment: string) => `KEY=$(cat /proc/sys/kernel/random/uuid)      # ${comment}
for attempt in 1 2 3; do
  curl -s --fail-with-body -X POST ${origin}/v1/payments \\
    -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
    -H "X-Idempotency-Key: $KEY" -d @payment.json && break
  sleep $((attempt * 2))
done`;

const { generateMetadata, Page } = guidePage(
  "/docs/idempotency",
  defineCopy({
    fr: {
      title: "Idempotence",
      body: (origin: string) => (
        <>
          <h1>Idempotence : réessayer sans faire payer deux fois</h1>
          <p>
            Une erreur réseau ne vous dit pas si votre requête nous est parvenue. Les opérations qui déplacent de l&apos;argent acceptent un en-tête{" "}
            <code>X-Idempotency-Key</code> : vous pouvez simplement renvoyer la même requête, la première réponse est rejouée et le travail n&apos;est jamais
            fait deux fois.
          </p>
          <Table
            caption="Opérations qui acceptent l'en-tête"
            head={["opération", "X-Idempotency-Key"]}
            rows={[
              ["POST /v1/payments", "obligatoire (400 IDEMPOTENCY_KEY_REQUIRED sans lui)"],
              ["POST /v1/withdrawals", "obligatoire"],
              ["POST /v1/secure-orders", "recommandé"],
              ["les autres", "voir x-idempotency de chaque opération dans la référence"],
            ]}
          />
          <h2>Les règles</h2>
          <ul>
            <li>
              Une clé par opération à faire une seule fois : un UUID v4 est idéal. 128 caractères au plus (400 <code>IDEMPOTENCY_KEY_TOO_LONG</code>).
            </li>
            <li>
              La même clé avec la même requête, dans les 24 heures, rejoue la première réponse, avec l&apos;en-tête <code>Idempotent-Replayed: true</code>.
            </li>
            <li>
              La même clé avec une requête <em>différente</em> est refusée avec 409 (<code>DUPLICATE_PAYMENT</code> pour les paiements,{" "}
              <code>IDEMPOTENCY_CONFLICT</code> ailleurs). Prenez une nouvelle clé pour un nouveau paiement.
            </li>
            <li>
              Deux requêtes identiques envoyées en même temps : la seconde attend la première et reçoit sa réponse. Si la première tourne encore après quelques
              secondes, la seconde reçoit 409 <code>IDEMPOTENCY_IN_PROGRESS</code> : renvoyez-la un peu plus tard avec la même clé.
            </li>
            <li>
              Une requête qui échoue (validation 4xx, 5xx) ne change rien et libère sa clé : corrigez-la et renvoyez-la avec la même clé.
            </li>
            <li>Les clés appartiennent à votre application et à votre mode : une clé API de test et une clé de production ne partagent jamais leurs clés.</li>
          </ul>
          <h2>Bien réessayer</h2>
          <Code label="shell">{retry(origin, "créée une fois, conservée avec la commande")}</Code>
          <Note>
            Créez la clé en même temps que la commande de votre côté et conservez-la avec elle, pas à chaque tentative HTTP : une clé neuve à chaque essai
            n&apos;empêche rien. Le <a href="/docs/client">client TypeScript</a> le fait pour vous : il ajoute une clé à chacune de ces opérations et la
            réutilise pour ses propres nouvelles tentatives.
          </Note>
        </>
      ),
    },
    en: {
      title: "Idempotency",
      body: (origin: string) => (
        <>
          <h1>Idempotency: retry without paying twice</h1>
          <p>
            A network error does not tell you whether your request reached us. Operations that move money take an <code>X-Idempotency-Key</code> header so you
            can simply send the same request again: the first answer is replayed, the work is never done twice.
          </p>
          <Table
            caption="Where the header is taken"
            head={["operation", "X-Idempotency-Key"]}
            rows={[
              ["POST /v1/payments", "required (400 IDEMPOTENCY_KEY_REQUIRED without it)"],
              ["POST /v1/withdrawals", "required"],
              ["POST /v1/secure-orders", "recommended"],
              ["others", "see each operation's x-idempotency in the reference"],
            ]}
          />
          <h2>Rules</h2>
          <ul>
            <li>
              One key per operation you mean to do once: a UUID v4 is ideal. At most 128 characters (400 <code>IDEMPOTENCY_KEY_TOO_LONG</code>).
            </li>
            <li>
              The same key with the same request within 24 hours replays the first answer, with the header <code>Idempotent-Replayed: true</code>.
            </li>
            <li>
              The same key with a <em>different</em> request is refused with 409 (<code>DUPLICATE_PAYMENT</code> on payments, <code>IDEMPOTENCY_CONFLICT</code>{" "}
              elsewhere). Use a new key for a new payment.
            </li>
            <li>
              Two identical requests sent at the same time: the second waits for the first and gets its answer. If the first is still running after a few
              seconds, the second gets 409 <code>IDEMPOTENCY_IN_PROGRESS</code>: retry it a moment later with the same key.
            </li>
            <li>A request that fails (4xx validation, 5xx) changes nothing and frees its key, so you can fix it and send it again with the same key.</li>
            <li>Keys belong to your application and mode: a test key and a live key never share keys.</li>
          </ul>
          <h2>Retrying well</h2>
          <Code label="shell">{retry(origin, "generate once, store it with your order")}</Code>
          <Note>
            Generate the key when you create the order on your side and store it with the order, not per HTTP attempt: a key made fresh on each retry defeats
            the purpose. The <a href="/docs/client">TypeScript client</a> does this for you: it adds a key to every such operation and reuses it across its own
            retries.
          </Note>
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
