import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "../_components/guide";
import { Code, Note } from "../_components/Prose";

const install = (fromRoot: string, everywhere: string) => `npm run cli -- --help          # ${fromRoot}
cd packages/cli && npm pack && npm install -g ./cauri-cli-0.1.0.tgz   # ${everywhere}`;

const setKey = (origin: string) => `export CAURI_URL=${origin}
export CAURI_KEY=sk_test_…`;

const listen = `cauri listen --forward-to http://localhost:4242/webhooks

cauri listen \\
  --forward-to http://localhost:4242/payments --events payment.success,payment.failed \\
  --forward-to http://localhost:5000/billing --events 'subscription.*'`;

const listenOutput = `Ready! Your webhook signing secret is whsec_… (valid for this session)
14:02:11  payment.success   evt_01JD…  → POST http://localhost:4242/payments [200] 12ms`;

const trigger = `cauri trigger payment.success
cauri trigger payment.success --set amount=2500 --set client_reference=order-42 --set metadata.order=42
cauri trigger secure_order.released
cauri trigger --help        # every event type it can make`;

const others = `cauri logs tail --status 4xx --path /v1/payments
cauri events list --limit 5
cauri events get evt_…
cauri events resend evt_… --endpoint we_…
cauri clock advance 16m
cauri open checkout txn_…`;

const { generateMetadata, Page } = guidePage(
  "/docs/cli",
  defineCopy({
    fr: {
      title: "Ligne de commande cauri",
      body: (origin: string) => (
        <>
          <h1>La ligne de commande cauri</h1>
          <p>
            <code>cauri</code> sert au développement contre votre mode test : elle transmet vos webhooks de test à un serveur de votre machine, déclenche
            n&apos;importe quel événement en créant les vrais objets de test qui le produisent, affiche vos requêtes à l&apos;API au fil de l&apos;eau, renvoie
            des événements et avance l&apos;horloge de test. Node.js 20.9 ou plus, aucune dépendance.
          </p>

          <h2>Installer et configurer</h2>
          <Code label="shell">{install("depuis la racine du dépôt, sans construction", "la commande cauri partout")}</Code>
          <p>
            Elle lit <code>--api-key</code> et <code>--base-url</code>, sinon <code>CAURI_API_KEY</code> et <code>CAURI_BASE_URL</code>, sinon les{" "}
            <code>CAURI_KEY</code> et <code>CAURI_URL</code> du <a href="/docs/quick-start">démarrage rapide</a> :
          </p>
          <Code label="shell">{setKey(origin)}</Code>
          <p>
            <code>listen</code>, <code>trigger</code>, <code>events list</code> et <code>clock</code> n&apos;acceptent qu&apos;une clé de test : la commande
            refuse une clé <code>sk_live_…</code> avant tout appel. Chaque commande accepte <code>--help</code>, et <code>--json</code> pour les scripts.
          </p>

          <h2>Recevoir les webhooks en local : cauri listen</h2>
          <Code label="shell">{listen}</Code>
          <p>
            Les événements arrivent par une seule connexion longue (server-sent events) et chacun est envoyé à votre serveur octet pour octet, avec les en-têtes
            d&apos;une vraie livraison, signés avec le secret de la session que la commande affiche. Chaque <code>--forward-to</code> prend le{" "}
            <code>--events</code> qui le suit : des événements différents vers des adresses différentes. La réponse de votre serveur s&apos;affiche et devient
            une tentative du journal des webhooks (API et tableau de bord). Ctrl-C ferme la session.
          </p>
          <Code label="sortie">{listenOutput}</Code>

          <h2>Déclencher un événement : cauri trigger</h2>
          <Code label="shell">{trigger}</Code>
          <p>
            La commande crée les objets réels qui produisent l&apos;événement (un paiement réussi, une commande sécurisée libérée, une échéance
            d&apos;abonnement…) et affiche leurs identifiants. <code>--set champ=valeur</code> remplace un champ du corps de création de l&apos;objet principal
            (montant, <code>client_reference</code>, <code>metadata.*</code>, <code>phone</code>). Certains déclencheurs avancent l&apos;horloge de test du
            commerçant ; la commande le dit. Elle produit chaque événement du catalogue, une encaisse tardive ou un litige compris, sauf les trois
            que seule l&apos;équipe Cauri décide (<code>withdrawal.approved</code>, <code>withdrawal.completed</code>, <code>withdrawal.rejected</code>) : elle
            l&apos;explique alors.
          </p>

          <h2>Le reste</h2>
          <Code label="shell">{others}</Code>
          <Note>
            <code>events resend</code> renvoie un événement livré, échoué ou en attente, à un endpoint ou à tous, signé à nouveau ; le tableau de bord le fait
            aussi, comme le renvoi groupé des échecs d&apos;un endpoint et le vérificateur de signature (Webhooks → Vérifier une signature).
          </Note>
        </>
      ),
    },
    en: {
      title: "The cauri command line",
      body: (origin: string) => (
        <>
          <h1>The cauri command line</h1>
          <p>
            <code>cauri</code> is for development against your test mode: it forwards your test webhooks to a server on your machine, triggers any event by
            creating the real test objects that produce it, shows your API requests as they happen, resends events and moves the test clock. Node.js 20.9 or
            later, no dependency.
          </p>

          <h2>Install and configure</h2>
          <Code label="shell">{install("from the repository root, no build", "the cauri command everywhere")}</Code>
          <p>
            It reads <code>--api-key</code> and <code>--base-url</code>, else <code>CAURI_API_KEY</code> and <code>CAURI_BASE_URL</code>, else the{" "}
            <code>CAURI_KEY</code> and <code>CAURI_URL</code> of the <a href="/docs/quick-start">quick start</a>:
          </p>
          <Code label="shell">{setKey(origin)}</Code>
          <p>
            <code>listen</code>, <code>trigger</code>, <code>events list</code> and <code>clock</code> take a test key only: the tool refuses an{" "}
            <code>sk_live_…</code> key before any call. Every command takes <code>--help</code>, and <code>--json</code> for scripts.
          </p>

          <h2>Receive webhooks locally: cauri listen</h2>
          <Code label="shell">{listen}</Code>
          <p>
            Events arrive over one long-lived connection (server-sent events) and each is sent to your server byte for byte, with a real delivery&apos;s
            headers, signed with the session secret the command prints. Each <code>--forward-to</code> takes the <code>--events</code> that follows it:
            different events to different addresses. Your server&apos;s answer is shown and becomes an attempt in the webhook log (API and dashboard). Ctrl-C
            closes the session.
          </p>
          <Code label="output">{listenOutput}</Code>

          <h2>Trigger an event: cauri trigger</h2>
          <Code label="shell">{trigger}</Code>
          <p>
            The command creates the real objects that produce the event (a successful payment, a released secure order, a subscription payment due…) and
            prints their ids. <code>--set field=value</code> overrides a field of the main object&apos;s creation body (amount, <code>client_reference</code>,{" "}
            <code>metadata.*</code>, <code>phone</code>). Some triggers move the merchant&apos;s test clock; the command says so. It makes every event of the
            catalogue, a late collection or a dispute included, except the three only Cauri&apos;s staff decide (<code>withdrawal.approved</code>,{" "}
            <code>withdrawal.completed</code>, <code>withdrawal.rejected</code>), which it explains instead.
          </p>

          <h2>The rest</h2>
          <Code label="shell">{others}</Code>
          <Note>
            <code>events resend</code> sends a delivered, failed or pending event again, to one endpoint or all, signed afresh; the dashboard does it too, as
            well as resending an endpoint&apos;s failed deliveries in bulk and the signature debugger (Webhooks → Check a signature).
          </Note>
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
