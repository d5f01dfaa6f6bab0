import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "../_components/guide";
import { Code } from "../_components/Prose";

// What works today from a clone (the package is not on the registry): `npm pack` builds it first (prepack).
const INSTALL = `cd path/to/cauri/packages/client && npm install && npm pack
cd path/to/your-shop && npm install path/to/cauri/packages/client/cauri-client-0.1.0.tgz`;

const sample = (redirect: string, any: string) => `import { CauriClient, CauriError } from "@cauri/client";

const cauri = new CauriClient({ apiKey: process.env.CAURI_KEY!, baseUrl: "https://…" });

const payment = await cauri.payments.create({
  amount: 5000,
  payment_method: "OPERATOR_MONEY",
  customer_phone: "+22370000001",
  return_url: "https://shop.example/merci",
});
// ${redirect}

try {
  await cauri.withdrawals.create({ amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210" });
} catch (error) {
  if (error instanceof CauriError && error.code === "INSUFFICIENT_BALANCE") { /* … */ }
  else throw error;
}

// ${any}
const details = await cauri.unwrap(cauri.api.GET("/v1/payments/{id}/details", { params: { path: { id: payment.id } } }));`;

const { generateMetadata, Page } = guidePage(
  "/docs/client",
  defineCopy({
    fr: {
      title: "Client TypeScript",
      body: () => (
        <>
          <h1>Client TypeScript : @cauri/client</h1>
          <p>
            Un petit client typé à partir du document OpenAPI de cette API : chaque chemin, paramètre, corps et réponse est vérifié par le compilateur. Il
            fonctionne avec Node 18+, Deno, Bun et les environnements edge (il utilise <code>fetch</code>).
          </p>
          <p>
            Le paquet n&apos;est pas encore publié sur le registre npm : construisez-le depuis votre copie de ce dépôt, puis installez l&apos;archive dans votre
            projet (son <code>package.json</code> est prêt pour la publication, sous le nom <code>@cauri/client</code>).
          </p>
          <Code label="shell">{INSTALL}</Code>
          <Code label="TypeScript">{sample("redirigez le client vers payment.redirect_url", "N'importe quelle opération de la référence, typée :")}</Code>
          <h2>Ce qu&apos;il fait pour vous</h2>
          <ul>
            <li>
              <strong>Clés d&apos;idempotence</strong> : chaque opération qui accepte <code>X-Idempotency-Key</code> reçoit automatiquement un UUID neuf.
              Passez la vôtre (<code>{"{ idempotencyKey }"}</code>) pour la lier à votre commande ; dans les deux cas, la même clé sert pour toutes les
              nouvelles tentatives du client.
            </li>
            <li>
              <strong>Nouvelles tentatives</strong> espacées de plus en plus sur les 429, les 5xx et les erreurs réseau, en respectant <code>Retry-After</code>,
              et bornées (par défaut 3 tentatives et 30 secondes d&apos;attente au plus).
            </li>
            <li>
              <strong>Erreurs typées</strong> : un appel qui échoue lève une <code>CauriError</code> avec <code>status</code>, <code>code</code>,{" "}
              <code>message</code>, <code>param</code> et <code>requestId</code>.
            </li>
            <li>
              <strong>Vérification des webhooks</strong> sur le corps brut : <code>verifyWebhook({"{ payload, headers, secret }"})</code>. Si vous lui donnez un
              objet déjà décodé, il vous le dit au lieu d&apos;échouer avec un simple « signature invalide ».
            </li>
            <li>
              <strong>Juste par construction</strong> : les retraits envoient <code>provider</code> et <code>phone_number</code> avec une clé
              d&apos;idempotence ; les plans de facturation sont sous <code>/v1/billing/plans</code>. Un appel à une route qui n&apos;existe pas ne compile pas.
            </li>
          </ul>
        </>
      ),
    },
    en: {
      title: "TypeScript client",
      body: () => (
        <>
          <h1>TypeScript client: @cauri/client</h1>
          <p>
            A small client typed from this API&apos;s OpenAPI document: every path, parameter, body and answer is checked by the compiler. It works in Node 18+,
            Deno, Bun and edge runtimes (it uses <code>fetch</code>).
          </p>
          <p>
            The package is not on the npm registry yet: build it from your copy of this repository, then install the archive in your project (its{" "}
            <code>package.json</code> is ready to publish, as <code>@cauri/client</code>).
          </p>
          <Code label="shell">{INSTALL}</Code>
          <Code label="TypeScript">{sample("redirect the customer to payment.redirect_url", "Any operation of the reference, typed:")}</Code>
          <h2>What it does for you</h2>
          <ul>
            <li>
              <strong>Idempotency keys</strong>: every operation that takes <code>X-Idempotency-Key</code> gets a fresh UUID automatically. Pass your own (
              <code>{"{ idempotencyKey }"}</code>) to tie it to your order; either way the same key is reused across the client&apos;s own retries.
            </li>
            <li>
              <strong>Retries</strong> with exponential backoff on 429 and 5xx and on network errors, honouring <code>Retry-After</code>, bounded (3 retries, 30
              seconds of waiting at most by default).
            </li>
            <li>
              <strong>Typed errors</strong>: a failed call throws <code>CauriError</code> with <code>status</code>, <code>code</code>, <code>message</code>,{" "}
              <code>param</code> and <code>requestId</code>.
            </li>
            <li>
              <strong>Webhook verification</strong> from the raw body: <code>verifyWebhook({"{ payload, headers, secret }"})</code>. Given an already-parsed
              object it tells you so, instead of failing with a bare &quot;invalid signature&quot;.
            </li>
            <li>
              <strong>Right by construction</strong>: withdrawals send <code>provider</code> and <code>phone_number</code> with an idempotency key; billing plans
              live under <code>/v1/billing/plans</code>. A call to a route that does not exist does not compile.
            </li>
          </ul>
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
