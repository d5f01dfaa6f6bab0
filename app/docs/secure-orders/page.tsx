import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "../_components/guide";
import { Code, Note, Table } from "../_components/Prose";

const create = (origin: string) => `curl -s -X POST ${origin}/v1/secure-orders \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -H "X-Idempotency-Key: order-2041" \\
  -d '{
    "amount": 25000,
    "description": "Sac en cuir, livraison Hamdallaye",
    "customer_phone": "+22376543210",
    "customer_name": "Awa Traoré",
    "delivery_deadline_hours": 48,
    "client_reference": "order-2041"
  }'`;

const confirm = (origin: string) => `curl -s -X POST ${origin}/v1/secure-orders/{id}/confirm-delivery \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"code": "482913"}'`;

const sandbox = (origin: string, pay: string, read: string) => `# ${pay}
curl -s -X POST ${origin}/v1/sandbox/secure-orders/{id}/simulate-payment -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -d '{"outcome": "SUCCESS"}'
# ${read}
curl -s ${origin}/v1/sandbox/secure-orders/{id}/delivery-code -H "Authorization: Bearer $CAURI_KEY"`;

const { generateMetadata, Page } = guidePage(
  "/docs/secure-orders",
  defineCopy({
    fr: {
      title: "Commandes sécurisées",
      body: (origin: string) => (
        <>
          <h1>Commandes sécurisées pour la livraison</h1>
          <p>
            Votre acheteur paie avant la livraison, mais l&apos;argent est <strong>conservé sous séquestre</strong> jusqu&apos;à ce que le livreur saisisse le
            code à 6 chiffres que l&apos;acheteur lui donne à la porte. L&apos;acheteur sait qu&apos;il ne paiera pas un colis qui n&apos;arrive jamais ; vous
            savez que l&apos;argent est là avant d&apos;expédier.
          </p>
          <Note>
            Les commandes sécurisées sont un pilote activé commerçant par commerçant : demandez-le au support. D&apos;ici là, chaque route répond 404{" "}
            <code>SECURE_ORDERS_DISABLED</code>.
          </Note>

          <h2>Le parcours</h2>
          <ol>
            <li>
              Vous créez la commande : <code>POST /v1/secure-orders</code>. Vous recevez un <code>buyer_url</code> pour l&apos;acheteur et un{" "}
              <code>delivery_url</code> pour le livreur.
            </li>
            <li>
              L&apos;acheteur paie sur <code>buyer_url</code> (mobile money). La commande passe à <code>PAID_HELD</code> ; la même page lui montre alors son code
              de livraison à 6 chiffres. Événement <code>secure_order.paid</code>.
            </li>
            <li>
              Vous livrez. Le livreur ouvre <code>delivery_url</code> et saisit le code que l&apos;acheteur lui lit (ou votre système appelle confirm-delivery).
            </li>
            <li>
              Bon code : la commande est <code>RELEASED</code> et l&apos;argent passe sur votre solde disponible. Événement <code>secure_order.released</code>.
            </li>
          </ol>
          <Code label="Créer une commande sécurisée">{create(origin)}</Code>
          <Code label="Confirmer la livraison depuis votre système">{confirm(origin)}</Code>

          <h2>Les états et ce qui peut mal tourner</h2>
          <Table
            caption="États d'une commande sécurisée"
            head={["état", "signification", "suite"]}
            rows={[
              ["CREATED", "en attente du paiement de l'acheteur (jusqu'à pay_before)", "PAID_HELD, ou CANCELLED (annulation, ou pay_before dépassé)"],
              ["PAID_HELD", "payée, argent sous séquestre, en attente de livraison", "RELEASED (bon code), REFUNDED (annulation, ou délai de livraison dépassé), DISPUTED"],
              ["RELEASED", "livrée ; l'argent est sur votre solde", "définitif"],
              ["REFUNDED", "acheteur remboursé", "définitif"],
              ["DISPUTED", "en cours d'examen par notre équipe", "RELEASED ou REFUNDED"],
              ["CANCELLED", "annulée avant paiement", "définitif"],
            ]}
          />
          <ul>
            <li>
              Le délai de livraison (<code>delivery_deadline_hours</code>, de 1 à 720, 72 par défaut) court à partir du paiement. Au-delà, confirm-delivery
              répond 410 <code>DELIVERY_EXPIRED</code> et l&apos;acheteur est remboursé automatiquement.
            </li>
            <li>
              Cinq codes erronés verrouillent la commande : <code>code_locked</code> passe à true et confirm-delivery répond 429 <code>CODE_LOCKED</code>.{" "}
              <code>code_attempts_remaining</code> indique le nombre d&apos;essais restants.
            </li>
            <li>
              Confirm-delivery sur une commande non payée : 409 <code>NOT_PAID</code> ; sur une commande annulée ou remboursée : 409 <code>ORDER_CLOSED</code>.
            </li>
            <li>
              L&apos;annulation (<code>POST /v1/secure-orders/{"{id}"}/cancel</code>, <code>reason</code> facultatif) annule avant paiement ; après paiement, elle
              rembourse l&apos;acheteur.
            </li>
          </ul>

          <h2>En mode test</h2>
          <Code label="shell">{sandbox(origin, "payer la commande comme le ferait l'acheteur", "lire le code que l'acheteur verrait")}</Code>
          <p>
            Utilisez l&apos;<a href="/docs/test-clock">horloge de test</a> pour dépasser <code>pay_before</code> ou le délai de livraison, et voir la commande
            s&apos;annuler ou être remboursée.
          </p>
        </>
      ),
    },
    en: {
      title: "Secure orders for delivery businesses",
      body: (origin: string) => (
        <>
      <h1>Secure orders for delivery businesses</h1>
      <p>
        Your buyer pays before delivery, but the money is <strong>held in escrow</strong> until the courier enters the 6-digit code the buyer reads out at the
        door. The buyer knows they will not pay for a parcel that never comes; you know the money is there before you ship.
      </p>
      <Note>Secure orders are a pilot enabled per merchant: ask support. Until then every route answers 404 <code>SECURE_ORDERS_DISABLED</code>.</Note>

      <h2>The flow</h2>
      <ol>
        <li>
          You create the order: <code>POST /v1/secure-orders</code>. You get a <code>buyer_url</code> for the buyer and a <code>delivery_url</code> for the courier.
        </li>
        <li>
          The buyer pays on <code>buyer_url</code> (mobile money). The order becomes <code>PAID_HELD</code>; the same page now shows the buyer their 6-digit delivery
          code. Event <code>secure_order.paid</code>.
        </li>
        <li>You deliver. The courier opens <code>delivery_url</code> and types the code the buyer reads out (or your system calls confirm-delivery).</li>
        <li>
          Right code: the order is <code>RELEASED</code> and the money moves to your available balance. Event <code>secure_order.released</code>.
        </li>
      </ol>
      <Code label="Create a secure order">{create(origin)}</Code>
      <Code label="Confirm delivery from your system">{confirm(origin)}</Code>

      <h2>States and what can go wrong</h2>
      <Table
        caption="Secure order states"
        head={["state", "meaning", "next"]}
        rows={[
          ["CREATED", "waiting for the buyer's payment (until pay_before)", "PAID_HELD, or CANCELLED (cancel, or pay_before passes)"],
          ["PAID_HELD", "paid, money in escrow, waiting for delivery", "RELEASED (right code), REFUNDED (cancel, or delivery deadline passed), DISPUTED"],
          ["RELEASED", "delivered; money in your balance", "final"],
          ["REFUNDED", "buyer refunded", "final"],
          ["DISPUTED", "under review by our team", "RELEASED or REFUNDED"],
          ["CANCELLED", "cancelled before payment", "final"],
        ]}
      />
      <ul>
        <li>
          The delivery deadline (<code>delivery_deadline_hours</code>, 1 to 720, default 72) counts from payment. After it, confirm-delivery answers 410{" "}
          <code>DELIVERY_EXPIRED</code> and the buyer is refunded automatically.
        </li>
        <li>
          Five wrong codes lock the order: <code>code_locked</code> becomes true and confirm-delivery answers 429 <code>CODE_LOCKED</code>.{" "}
          <code>code_attempts_remaining</code> tells how many tries are left.
        </li>
        <li>
          Confirm-delivery on an unpaid order: 409 <code>NOT_PAID</code>; on a cancelled or refunded one: 409 <code>ORDER_CLOSED</code>.
        </li>
        <li>
          Cancel (<code>POST /v1/secure-orders/{"{id}"}/cancel</code>, optional <code>reason</code>) before payment cancels; after payment it refunds the buyer.
        </li>
      </ul>

      <h2>In the sandbox</h2>
      <Code label="shell">{sandbox(origin, "pay the order as the buyer would", "read the code the buyer would see")}</Code>
      <p>
        Use the <a href="/docs/test-clock">test clock</a> to go past <code>pay_before</code> or the delivery deadline and watch the order cancel or refund.
      </p>
            </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
