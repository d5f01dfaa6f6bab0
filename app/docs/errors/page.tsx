import { errorCatalogue } from "@/lib/core/errors";
import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "../_components/guide";
import { Code, Note, Table } from "../_components/Prose";

const RETRYABLE = [...new Set(["RATE_LIMIT_EXCEEDED", "SERVICE_UNAVAILABLE", "INTERNAL_ERROR", "IDEMPOTENCY_IN_PROGRESS", "PROVIDER_ERROR"])].sort().join(", ");

const ENVELOPE = `{
  "success": false,
  "error": {
    "code": "INVALID_AMOUNT",
    "message": "amount must be an integer number of XOF between 100 and 5,000,000.",
    "param": "amount"
  }
}`;

// Generated from the catalogue the API answers with: a new code appears here the day it ships.
// Its messages are the API's own, in English, as the API sends them.
function Catalogue({ caption, meaning }: { caption: (status: number) => string; meaning: string }) {
  const byStatus = new Map<number, [string, { status: number; message: string }][]>();
  for (const entry of Object.entries(errorCatalogue).sort(([a], [b]) => (a < b ? -1 : 1))) {
    byStatus.set(entry[1].status, [...(byStatus.get(entry[1].status) ?? []), entry]);
  }
  return [...byStatus.keys()]
    .sort((a, b) => a - b)
    .map((status) => (
      <section key={status} aria-labelledby={`status-${status}`}>
        <h3 id={`status-${status}`}>HTTP {status}</h3>
        <Table
          caption={caption(status)}
          head={["code", meaning]}
          rows={byStatus.get(status)!.map(([code, spec]) => [
            <code key={code} id={code}>
              {code}
            </code>,
            <span key="m" lang="en">
              {spec.message}
            </span>,
          ])}
        />
      </section>
    ));
}

const { generateMetadata, Page } = guidePage(
  "/docs/errors",
  defineCopy({
    fr: {
      title: "Gestion des erreurs",
      body: () => (
        <>
          <h1>Gestion des erreurs</h1>
          <p>Chaque échec a la même forme, avec un statut HTTP et un code stable :</p>
          <Code label="json">{ENVELOPE}</Code>
          <ul>
            <li>
              Programmez d&apos;après <code>code</code>. Le <code>message</code> s&apos;adresse aux personnes (en anglais) et peut changer.
            </li>
            <li>
              <code>param</code> nomme le champ en cause dans les erreurs de validation.
            </li>
            <li>
              Chaque réponse porte un en-tête <code>X-Request-Id</code> : indiquez-le au support.
            </li>
            <li>La référence liste, pour chaque opération, tous les codes qu&apos;elle peut renvoyer, par statut.</li>
          </ul>

          <h2>Quoi réessayer</h2>
          <Table
            caption="Quand réessayer"
            head={["réponse", "que faire"]}
            rows={[
              ["400, 401, 403, 404, 409, 410, 415", "Ne réessayez pas telle quelle : corrigez la requête, la clé ou le compte. La requête n'a rien changé."],
              [
                <span key="429">
                  429 <code>RATE_LIMIT_EXCEEDED</code>
                </span>,
                "Attendez le nombre de secondes indiqué par Retry-After, puis réessayez.",
              ],
              [
                <span key="409">
                  409 <code>IDEMPOTENCY_IN_PROGRESS</code>
                </span>,
                "La première requête avec cette clé est encore en cours : réessayez bientôt avec la même clé.",
              ],
              ["500, 502, 503, erreurs réseau", "Réessayez en espaçant les tentatives, avec la même X-Idempotency-Key (503 porte Retry-After)."],
            ]}
          />
          <Note>
            Le <a href="/docs/client">client TypeScript</a> réessaie pour vous les 429 et 5xx ({RETRYABLE}) en respectant <code>Retry-After</code>, et lève
            sinon une <code>CauriError</code> typée avec <code>status</code>, <code>code</code>, <code>message</code> et <code>param</code>.
          </Note>

          <h2>Tous les codes</h2>
          <p>Le catalogue complet, généré depuis la table du service ; les explications sont celles que l&apos;API renvoie, en anglais.</p>
          <Catalogue caption={(status) => `Codes renvoyés avec HTTP ${status}`} meaning="signification" />
        </>
      ),
    },
    en: {
      title: "Error handling",
      body: () => (
        <>
          <h1>Error handling</h1>
          <p>Every failure has the same shape, with an HTTP status and a stable code:</p>
          <Code label="json">{ENVELOPE}</Code>
          <ul>
            <li>
              Program against <code>code</code>. The <code>message</code> is for people and may change.
            </li>
            <li>
              <code>param</code> names the field at fault on validation errors.
            </li>
            <li>
              Every answer has an <code>X-Request-Id</code> header: quote it to support.
            </li>
            <li>The reference lists, for each operation, every code it can answer, grouped by status.</li>
          </ul>

          <h2>What to retry</h2>
          <Table
            caption="Retry policy"
            head={["answer", "what to do"]}
            rows={[
              ["400, 401, 403, 404, 409, 410, 415", "Do not retry as is: fix the request, the key or the account. The request changed nothing."],
              [
                <span key="429">
                  429 <code>RATE_LIMIT_EXCEEDED</code>
                </span>,
                "Wait for Retry-After seconds, then retry.",
              ],
              [
                <span key="409">
                  409 <code>IDEMPOTENCY_IN_PROGRESS</code>
                </span>,
                "The first request with this key is still running: retry shortly with the same key.",
              ],
              ["500, 502, 503, network errors", "Retry with backoff and the same X-Idempotency-Key (503 carries Retry-After)."],
            ]}
          />
          <Note>
            The <a href="/docs/client">TypeScript client</a> retries 429 and 5xx for you ({RETRYABLE}), honouring <code>Retry-After</code>, and throws a typed{" "}
            <code>CauriError</code> with <code>status</code>, <code>code</code>, <code>message</code> and <code>param</code> otherwise.
          </Note>

          <h2>Every code</h2>
          <p>The complete catalogue, generated from the service&apos;s own table.</p>
          <Catalogue caption={(status) => `Codes answered with HTTP ${status}`} meaning="meaning" />
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
