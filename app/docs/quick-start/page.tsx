import Link from "next/link";
import { defineCopy } from "@/lib/i18n/dictionary";
import { CodeTabs } from "../_components/CodeTabs";
import { guidePage } from "../_components/guide";
import { Code, Note } from "../_components/Prose";
import { LANGUAGES, localRun, payment, verify } from "./snippets";

const programTabs = LANGUAGES.map((l) => ({ id: l.id, label: l.label, caption: `${l.file} · ${l.run}`, code: payment[l.id] }));
const verifyTabs = LANGUAGES.map((l) => ({
  id: l.id,
  label: l.id === "curl" ? "shell (openssl)" : l.label,
  caption: { curl: "verify.sh", node: "verify.mjs", python: "verify.py", php: "verify.php" }[l.id],
  code: verify[l.id],
}));

const answer = (origin: string) => `{
  "success": true,
  "data": {
    "id": "txn_…",
    "status": "PENDING",
    "amount": 5000,
    "currency": "XOF",
    "payment_method": "OPERATOR_MONEY",
    "redirect_url": "${origin}/checkout/txn_…",
    "expires_at": "…",
    …
  }
}`;

const env = (origin: string) => `export CAURI_URL=${origin}
export CAURI_KEY=sk_test_votre_cle`;

const { generateMetadata, Page } = guidePage(
  "/docs/quick-start",
  defineCopy({
    fr: {
      title: "Démarrage rapide",
      body: (origin: string) => (
        <>
          <h1>Démarrage rapide : votre premier paiement en 5 minutes</h1>
          <p>
            Il vous faut une clé API de test (<code>sk_test_…</code>), à créer dans le tableau de bord, rubrique Développeurs. Le mode test est gratuit et ne
            déplace aucun argent réel. Chaque programme ci-dessous s&apos;exécute tel quel : curl, Node.js 18+, Python 3 ou PHP, sans aucune bibliothèque à
            installer.
          </p>

          <h2>0. Lancez Cauri sur votre machine (facultatif)</h2>
          <p>
            Depuis un clone du dépôt, une commande installe tout et démarre le service avec sa base embarquée. Elle affiche l&apos;adresse de la documentation,
            une clé de test et un accès au tableau de bord (<code>demo@cauri.test</code>) pour voir vos paiements et vos webhooks dans le navigateur :
          </p>
          <Code label="shell">{localRun.start}</Code>

          <h2>1. Renseignez votre clé</h2>
          <Code label="shell">{env(origin)}</Code>

          <h2>2. Créez un paiement, simulez-le, relisez-le</h2>
          <p>
            Le programme crée un paiement de 5 000 FCFA, le fait aboutir avec le simulateur du mode test, puis relit le paiement et affiche son identifiant et son
            statut. Chaque <code>POST /v1/payments</code> exige un en-tête <code>X-Idempotency-Key</code> : un UUID neuf par paiement. Si le réseau coupe,
            renvoyez la même requête avec la même clé : vous retrouvez le même paiement, jamais un second (voir l&apos;<a href="/docs/idempotency">idempotence</a>).
          </p>
          <CodeTabs label="Langage du programme" tabs={programTabs} />
          <p>La création répond (HTTP 201) :</p>
          <Code label="json">{answer(origin)}</Code>

          <h2>3. Envoyez le client vers la page de paiement</h2>
          <p>
            En vrai, au lieu de simuler, redirigez votre client vers <code>redirect_url</code>. Il confirme son numéro et valide le paiement sur son téléphone ;
            une fois le paiement réussi, la page le renvoie vers votre <code>return_url</code> avec l&apos;identifiant et le statut du paiement dans
            l&apos;adresse. En mode test, la page affiche des boutons pour le faire réussir ou échouer, et le numéro décide : <code>+22370000001</code> réussit
            dès que le client confirme (voir le <a href="/docs/test-mode">mode test</a>). Avec une clé de test, <code>return_url</code> peut pointer vers
            votre boutique sur votre machine (<code>http://localhost:4242/merci</code>, <code>http://127.0.0.1:8000/…</code>) ; une clé live exige l&apos;adresse
            https:// publique de votre site.
          </p>

          <h2>4. Recevez les webhooks sur votre machine</h2>
          <p>
            Votre serveur de développement n&apos;est pas joignable depuis Internet ? La ligne de commande <code>cauri</code> (dans le dépôt,{" "}
            <code>packages/cli</code>) ouvre une connexion vers Cauri et transmet chaque événement de test à votre adresse locale, signé exactement comme une
            vraie livraison. Elle lit les mêmes variables que l&apos;étape 1 et affiche le secret <code>whsec_…</code> de la session :
          </p>
          <Code label="shell">{localRun.listen}</Code>
          <p>
            Dans un autre terminal, déclenchez un événement : la CLI crée un vrai paiement de test qui aboutit. Chaque transmission apparaît avec la réponse de
            votre serveur, et dans le journal des webhooks du tableau de bord :
          </p>
          <Code label="shell">{localRun.trigger}</Code>

          <h2>5. Vérifiez la signature du webhook</h2>
          <p>
            Quand le paiement aboutit, Cauri envoie l&apos;événement <code>payment.success</code> à votre <a href="/docs/webhooks">webhook</a>. Avant de livrer,
            vérifiez l&apos;en-tête <code>X-Service-Signature</code> avec le secret <code>whsec_…</code> de votre endpoint (ou celui que la CLI a affiché), sur
            le corps brut, avant tout décodage JSON :
          </p>
          <CodeTabs label="Langage de la vérification" tabs={verifyTabs} />
          <Note>
            Ne comptez pas sur le retour du client vers <code>return_url</code> pour livrer la commande : il peut fermer l&apos;onglet. Abonnez-vous au webhook{" "}
            <code>payment.success</code>, ou relisez le paiement depuis votre serveur.
          </Note>

          <h2>Et ensuite</h2>
          <ul>
            <li>
              <a href="/docs/test-mode">Mode test et simulateur</a> : échecs, paiements en attente, solde insuffisant.
            </li>
            <li>
              <a href="/docs/webhooks">Webhooks</a> : enregistrer un endpoint et recevoir les événements.
            </li>
            <li>
              <a href="/docs/errors">Erreurs</a> : chaque code et la conduite à tenir.
            </li>
            <li>
              <Link href="/docs/reference">Référence de l&apos;API</Link> : toutes les opérations, leurs paramètres et leurs réponses.
            </li>
          </ul>
        </>
      ),
    },
    en: {
      title: "Quick start",
      body: (origin: string) => (
        <>
          <h1>Quick start: your first payment in 5 minutes</h1>
          <p>
            You need a test API key (<code>sk_test_…</code>), created in the dashboard under Developers. Test mode is free and moves no real money. Each program
            below runs as written: curl, Node.js 18+, Python 3 or PHP, with no library to install.
          </p>

          <h2>0. Run Cauri on your machine (optional)</h2>
          <p>
            From a clone of the repository, one command installs everything and starts the service on its embedded database. It prints the docs&apos; address,
            a test key and a dashboard sign-in (<code>demo@cauri.test</code>) to see your payments and webhooks in the browser:
          </p>
          <Code label="shell">{localRun.start}</Code>

          <h2>1. Set your key</h2>
          <Code label="shell">{env(origin).replace("sk_test_votre_cle", "sk_test_your_key")}</Code>

          <h2>2. Create a payment, simulate it, read it back</h2>
          <p>
            The program creates a 5,000 FCFA payment, makes it succeed with the test-mode simulator, then reads the payment back and prints its id and status.
            Every <code>POST /v1/payments</code> needs an <code>X-Idempotency-Key</code> header: a fresh UUID per payment. If the network fails, send the same
            request with the same key again — you get the same payment back, never a second one (see <a href="/docs/idempotency">idempotency</a>).
          </p>
          <CodeTabs label="Program language" tabs={programTabs} />
          <p>The creation answers (HTTP 201):</p>
          <Code label="json">{answer(origin)}</Code>

          <h2>3. Send the customer to the checkout</h2>
          <p>
            For real, instead of simulating, redirect your customer to <code>redirect_url</code>. They confirm their number and approve the payment on their
            phone; once it succeeds the page sends them back to your <code>return_url</code> with the payment id and status in the query. In test mode the page
            shows buttons to make it succeed or fail, and the number decides: <code>+22370000001</code> succeeds as soon as the customer confirms (see{" "}
            <a href="/docs/test-mode">test mode</a>). With a test key, <code>return_url</code> may point at your shop on your machine
            (<code>http://localhost:4242/success</code>, <code>http://127.0.0.1:8000/…</code>); a live key needs your site&apos;s public https:// address.
          </p>

          <h2>4. Receive webhooks on your machine</h2>
          <p>
            Your development server cannot be reached from the Internet? The <code>cauri</code> command-line tool (in the repository,{" "}
            <code>packages/cli</code>) opens one connection to Cauri and forwards each test event to your local address, signed exactly as a real delivery. It
            reads the same variables as step 1 and prints the session&apos;s <code>whsec_…</code> secret:
          </p>
          <Code label="shell">{localRun.listen}</Code>
          <p>
            In another terminal, trigger an event: the CLI creates a real test payment that succeeds. Each forward is shown with your server&apos;s answer, and
            in the dashboard&apos;s webhook log:
          </p>
          <Code label="shell">{localRun.trigger}</Code>

          <h2>5. Verify the webhook signature</h2>
          <p>
            When the payment succeeds, Cauri sends the <code>payment.success</code> event to your <a href="/docs/webhooks">webhook</a>. Before delivering, check
            the <code>X-Service-Signature</code> header with your endpoint&apos;s <code>whsec_…</code> secret (or the one the CLI printed), on the raw body,
            before any JSON parsing:
          </p>
          <CodeTabs label="Verification language" tabs={verifyTabs} />
          <Note>
            Do not rely on the customer coming back to <code>return_url</code> to deliver the order: they may close the tab. Subscribe to the{" "}
            <code>payment.success</code> webhook, or read the payment from your server.
          </Note>

          <h2>Next</h2>
          <ul>
            <li>
              <a href="/docs/test-mode">Test mode and the simulator</a>: failures, pending payments, insufficient funds.
            </li>
            <li>
              <a href="/docs/webhooks">Webhooks</a>: register an endpoint and receive events.
            </li>
            <li>
              <a href="/docs/errors">Errors</a>: every code and what to do about it.
            </li>
            <li>
              <Link href="/docs/reference">API reference</Link>: every operation, its parameters and answers.
            </li>
          </ul>
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
