import { errorMessages } from "@/components/data/error-messages";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { BodyDifference, SchemeName, SecretLabel, Verdict } from "@/lib/webhooks/signature-diagnosis";

/** "3 h 12 min", "45 s", "2 j 4 h": how far a timestamp is from now, to the unit that matters. */
function duration(seconds: number, day: string): string {
  const s = Math.abs(Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} ${day} ${h % 24} h` : `${d} ${day}`;
}

const SCHEME: Record<SchemeName, string> = { standard_webhooks: "Standard Webhooks (webhook-signature)", service: "X-Service-Signature" };

export const debuggerCopy = defineCopy({
  fr: {
    title: "Vérifier une signature",
    intro: "Collez le corps et les en-têtes qu'a reçus votre serveur : nous disons si la signature est valide et, sinon, pourquoi. Nous ne montrons jamais la signature attendue ni le secret.",
    back: "Retour aux webhooks",
    open: "Vérifier une signature",
    secretSource: "Secret à essayer",
    useEndpoint: "Celui d'un point de réception",
    usePasted: "Un secret que je colle",
    endpoint: "Point de réception",
    noEndpoint: "Aucun point de réception dans cette application et ce mode : collez un secret.",
    endpointHint: "Son secret actuel est essayé, et le précédent après un renouvellement.",
    secret: "Secret de signature (whsec_…)",
    secretHint: "Il sert à cette vérification seulement : il n'est ni enregistré ni renvoyé.",
    body: "Corps reçu, exactement tel quel",
    bodyHint: "Le corps brut, avant tout JSON.parse : un seul espace de différence change la signature.",
    headers: "En-têtes reçus",
    headersHint: "Un par ligne, « nom: valeur », tels que votre journal les affiche : webhook-id, webhook-timestamp, webhook-signature et/ou X-Service-Signature.",
    check: "Vérifier la signature",
    result: "Résultat",
    perScheme: "Par schéma de signature",
    scheme: (s: SchemeName) => SCHEME[s],
    errors: { ...errorMessages.fr.webhooks, INVALID_FIELD: "Vérifiez ce champ." } as Record<string, string>,
    fieldErrors: {
      secret: "Collez le secret tel que le tableau de bord l'a montré : whsec_ suivi de caractères base64.",
      body: "Collez le corps reçu (256 Ko au plus).",
      headers: "Collez les en-têtes reçus (16 Ko au plus).",
    } as Record<string, string>,
    secretName: (s: SecretLabel) =>
      ({
        current: "le secret actuel du point de réception",
        previous: "le secret précédent du point de réception (encore accepté jusqu'à la fin du renouvellement)",
        previous_expired: "le secret précédent du point de réception, remplacé depuis : il ne signe plus rien",
        pasted: "le secret collé",
      })[s],
    verdictTitle: {
      valid: "Signature valide",
      timestamp_too_old: "Horodatage trop ancien",
      timestamp_in_future: "Horodatage dans le futur",
      headers_missing: "En-tête manquant",
      header_malformed: "En-tête mal formé",
      id_mismatch: "Corps et en-têtes de deux événements différents",
      body_changed: "Corps modifié",
      other_secret: "Signée avec un autre secret",
      no_match: "Signature non reconnue",
    },
    valid: (secret: string, scheme: string) => `La signature ${scheme} correspond à ${secret}. Votre serveur peut accepter cette livraison.`,
    tooOld: (by: number, secret: string) =>
      `La signature correspond à ${secret}, mais elle date de ${duration(by, "j")} : au-delà de 5 minutes, un vérificateur la refuse (protection contre le rejeu). Normal pour une ancienne ligne de journal. Si votre serveur l'a refusée à son arrivée, c'est son horloge qui est décalée : synchronisez-la (NTP).`,
    inFuture: (by: number, secret: string) =>
      `La signature correspond à ${secret}, mais son horodatage est ${duration(by, "j")} dans le futur : au-delà de 5 minutes, un vérificateur la refuse. Nos envois portent l'heure de l'envoi : cette signature a été faite par une horloge en avance, ou l'horodatage a été modifié.`,
    missing: (headers: string[]) =>
      headers.includes("X-Service-Signature") && headers.includes("webhook-signature")
        ? "Aucun en-tête de signature trouvé. Collez webhook-id, webhook-timestamp et webhook-signature (ou X-Service-Signature), un par ligne « nom: valeur »."
        : `Il manque : ${headers.join(", ")}. Un proxy ou votre framework l'a peut-être retiré, ou il manque au copier-coller.`,
    malformed: (header: string, problem: "not_integer" | "no_v1_signature" | "no_timestamp") =>
      ({
        not_integer: `${header} doit être un nombre entier de secondes depuis 1970 (par exemple 1735689600).`,
        no_v1_signature:
          header === "webhook-signature"
            ? "webhook-signature ne contient aucune signature lisible de la forme v1,<base64> (plusieurs sont séparées par des espaces). Le copier-coller l'a peut-être coupée."
            : `${header} ne contient aucune signature lisible de la forme v1=<64 caractères hexadécimaux>. Le copier-coller l'a peut-être coupée.`,
        no_timestamp: `${header} doit commencer par t=<secondes depuis 1970>.`,
      })[problem],
    idMismatch: (headerId: string, bodyId: string) => `Les en-têtes sont ceux de l'événement ${headerId}, le corps est celui de ${bodyId}. Collez le corps et les en-têtes d'une même livraison.`,
    difference: (d: BodyDifference) =>
      d.kind === "empty"
        ? "Le corps est vide : votre framework l'a sans doute déjà lu avant la vérification. Lisez le corps brut une seule fois et vérifiez-le avant de l'interpréter."
        : d.kind === "not_json"
          ? "Ce corps n'est pas du JSON, alors que nous n'envoyons que du JSON : il a été décodé ou transformé avant la vérification."
          : d.kind === "formatting"
            ? "Les données sont les mêmes, pas les octets : espaces, ordre des clés ou échappements diffèrent de ce que nous envoyons (du JSON compact). Un framework a lu le JSON puis l'a réécrit : vérifiez la signature sur le corps brut (express.raw(), request.body en texte…), avant tout JSON.parse."
            : `Le champ ${d.path} ${d.change === "changed" ? "a une autre valeur que" : d.change === "added" ? "n'est pas dans" : "manque par rapport à"} l'événement que nous avons envoyé.`,
    originalMatches: "La signature, elle, correspond bien au corps que nous avons envoyé : c'est le corps qui a changé en route.",
    originalDiffers: "De plus, la signature ne correspond pas non plus au corps envoyé avec ce secret : vérifiez aussi le secret.",
    otherSecret:
      "Le corps est exactement celui que nous avons envoyé, mais la signature ne correspond à aucun des secrets essayés. Le plus souvent : le secret du mode test au lieu de celui de production (ou l'inverse), celui d'un autre point de réception, ou un secret renouvelé depuis. Plus rarement : webhook-timestamp ou webhook-id modifiés après réception.",
    noMatch:
      "La signature ne correspond pas à ce corps avec ce secret, et nous ne retrouvons pas l'événement dans cette application et ce mode pour comparer les corps. Deux causes possibles, que la cryptographie ne distingue pas : le corps a changé (un champ, des espaces), ou un autre secret a signé (test ou production, autre point de réception, secret renouvelé).",
    skew: (seconds: number) => (Math.abs(seconds) <= 300 ? "horodatage à l'heure" : seconds > 0 ? `horodatage ancien de ${duration(seconds, "j")}` : `horodatage en avance de ${duration(seconds, "j")}`),
  },
  en: {
    title: "Check a signature",
    intro: "Paste the body and headers your server received: we say whether the signature is valid and, if not, why. We never show the expected signature nor the secret.",
    back: "Back to webhooks",
    open: "Check a signature",
    secretSource: "Secret to try",
    useEndpoint: "An endpoint's",
    usePasted: "A secret I paste",
    endpoint: "Endpoint",
    noEndpoint: "No endpoint in this application and mode: paste a secret.",
    endpointHint: "Its current secret is tried, and the previous one after a roll.",
    secret: "Signing secret (whsec_…)",
    secretHint: "Used for this check only: neither stored nor sent back.",
    body: "Body received, exactly as is",
    bodyHint: "The raw body, before any JSON.parse: a single space of difference changes the signature.",
    headers: "Headers received",
    headersHint: "One per line, \"name: value\", as your log shows them: webhook-id, webhook-timestamp, webhook-signature and/or X-Service-Signature.",
    check: "Check the signature",
    result: "Result",
    perScheme: "By signature scheme",
    scheme: (s: SchemeName) => SCHEME[s],
    errors: { ...errorMessages.en.webhooks, INVALID_FIELD: "Check this field." } as Record<string, string>,
    fieldErrors: {
      secret: "Paste the secret as the dashboard showed it: whsec_ followed by base64 characters.",
      body: "Paste the body received (256 KB at most).",
      headers: "Paste the headers received (16 KB at most).",
    } as Record<string, string>,
    secretName: (s: SecretLabel) =>
      ({
        current: "the endpoint's current secret",
        previous: "the endpoint's previous secret (still accepted until the roll ends)",
        previous_expired: "the endpoint's previous secret, replaced since: it signs nothing any more",
        pasted: "the pasted secret",
      })[s],
    verdictTitle: {
      valid: "Valid signature",
      timestamp_too_old: "Timestamp too old",
      timestamp_in_future: "Timestamp in the future",
      headers_missing: "Missing header",
      header_malformed: "Malformed header",
      id_mismatch: "Body and headers of two different events",
      body_changed: "Body changed",
      other_secret: "Signed with another secret",
      no_match: "Signature not recognised",
    },
    valid: (secret: string, scheme: string) => `The ${scheme} signature matches ${secret}. Your server can accept this delivery.`,
    tooOld: (by: number, secret: string) =>
      `The signature matches ${secret}, but it is ${duration(by, "d")} old: beyond 5 minutes a verifier refuses it (replay protection). Expected for an old log line. If your server refused it on arrival, its clock is off: synchronise it (NTP).`,
    inFuture: (by: number, secret: string) =>
      `The signature matches ${secret}, but its timestamp is ${duration(by, "d")} in the future: beyond 5 minutes a verifier refuses it. We stamp each send with its time: this signature was made by a clock running ahead, or the timestamp was edited.`,
    missing: (headers: string[]) =>
      headers.includes("X-Service-Signature") && headers.includes("webhook-signature")
        ? "No signature header found. Paste webhook-id, webhook-timestamp and webhook-signature (or X-Service-Signature), one per line as \"name: value\"."
        : `Missing: ${headers.join(", ")}. A proxy or your framework may have dropped it, or it was left out of the copy.`,
    malformed: (header: string, problem: "not_integer" | "no_v1_signature" | "no_timestamp") =>
      ({
        not_integer: `${header} must be a whole number of seconds since 1970 (for example 1735689600).`,
        no_v1_signature:
          header === "webhook-signature"
            ? "webhook-signature holds no readable signature of the form v1,<base64> (several are separated by spaces). The copy may have cut it."
            : `${header} holds no readable signature of the form v1=<64 hex characters>. The copy may have cut it.`,
        no_timestamp: `${header} must start with t=<seconds since 1970>.`,
      })[problem],
    idMismatch: (headerId: string, bodyId: string) => `The headers are event ${headerId}'s, the body is ${bodyId}'s. Paste the body and headers of one delivery.`,
    difference: (d: BodyDifference) =>
      d.kind === "empty"
        ? "The body is empty: your framework has probably read it before the check. Read the raw body once and verify it before parsing it."
        : d.kind === "not_json"
          ? "This body is not JSON, and we only send JSON: it was decoded or transformed before the check."
          : d.kind === "formatting"
            ? "The data are the same, the bytes are not: whitespace, key order or escapes differ from what we send (compact JSON). A framework parsed the JSON and wrote it again: verify the signature on the raw body (express.raw(), request.body as text…), before any JSON.parse."
            : `The field ${d.path} ${d.change === "changed" ? "has another value than in" : d.change === "added" ? "is not in" : "is missing from"} the event we sent.`,
    originalMatches: "The signature itself matches the body we sent: the body changed on its way.",
    originalDiffers: "Also, the signature does not match the body we sent with this secret either: check the secret too.",
    otherSecret:
      "The body is exactly the one we sent, but the signature matches none of the secrets tried. Most often: the test-mode secret instead of the live one (or the reverse), another endpoint's, or a secret rolled since. More rarely: webhook-timestamp or webhook-id edited after receipt.",
    noMatch:
      "The signature does not match this body with this secret, and we cannot find the event in this application and mode to compare the bodies. Two possible causes, which cryptography cannot tell apart: the body changed (a field, whitespace), or another secret signed it (test or live, another endpoint, a rolled secret).",
    skew: (seconds: number) => (Math.abs(seconds) <= 300 ? "timestamp on time" : seconds > 0 ? `timestamp ${duration(seconds, "d")} old` : `timestamp ${duration(seconds, "d")} ahead`),
  },
});

/** The sentences that explain one verdict, in the page's language. */
export function explainVerdict(locale: keyof typeof debuggerCopy, v: Verdict, scheme: SchemeName | null): string[] {
  const t = debuggerCopy[locale];
  switch (v.verdict) {
    case "valid":
      return [t.valid(t.secretName(v.secret), scheme ? t.scheme(scheme) : "")];
    case "timestamp_too_old":
      return [t.tooOld(v.seconds, t.secretName(v.secret))];
    case "timestamp_in_future":
      return [t.inFuture(v.seconds, t.secretName(v.secret))];
    case "headers_missing":
      return [t.missing(v.headers)];
    case "header_malformed":
      return [t.malformed(v.header, v.problem)];
    case "id_mismatch":
      return [t.idMismatch(v.header_id, v.body_id)];
    case "body_changed":
      return [t.difference(v.difference), v.original_signature_matches === true ? t.originalMatches : v.original_signature_matches === false ? t.originalDiffers : ""].filter(Boolean);
    case "other_secret":
      return [t.otherSecret];
    case "no_match":
      return [t.noMatch];
  }
}
