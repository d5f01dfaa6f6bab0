import { defineCopy } from "@/lib/i18n/dictionary";

const kb = (bytes: number, locale: "fr" | "en") => `${(bytes / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} ${locale === "fr" ? "Ko" : "KB"}`;
const ratio = (r: string, locale: "fr" | "en") => (locale === "fr" ? r.replace(".", ",") : r);

/** What a refusal's wording may add: what was found (when the browser could tell) and the limits. */
export type ErrorDetails = { bytes?: number; size?: string; ratio?: string; max: number; maxPx: number };

/** What the branding settings say. Refusals name what was found and what is needed, from the same checks the server runs. */
export const brandingCopy = defineCopy({
  fr: {
    title: "Logo et couleur",
    intro: "Vos clients voient votre logo (ou vos initiales) et votre couleur sur les pages de paiement, de lien, de commande, de livraison, dans leur espace client et dans leurs reçus.",
    logo: "Logo",
    file: "Fichier du logo",
    logoHint: (maxBytes: number, maxPx: number) => `PNG ou JPEG, ${kb(maxBytes, "fr")} et ${maxPx} × ${maxPx} pixels au plus. Affiché sur 40 pixels de haut : 256 pixels de large suffisent.`,
    upload: "Envoyer le logo",
    remove: "Retirer le logo",
    current: (type: string, bytes: number) => `Logo actuel : ${type === "image/png" ? "PNG" : "JPEG"}, ${kb(bytes, "fr")}.`,
    none: "Aucun logo : vos initiales sont affichées.",
    accent: "Couleur d'accent",
    accentHint: "Boutons, liens et bandeau de vos pages, avec du texte blanc dessus.",
    accentText: "Code de la couleur (#RRGGBB)",
    contrast: (r: string, ok: boolean) => `Contraste : ${ratio(r, "fr")}:1 ${ok ? "(lisible)" : "(4,5:1 au moins nécessaire)"}`,
    saveAccent: "Enregistrer la couleur",
    resetAccent: "Revenir à la couleur de Cauri",
    preview: "Aperçu",
    previewButton: "Payer 5 000 FCFA",
    logoSaved: "Logo enregistré.",
    accentSaved: "Couleur enregistrée.",
    errors: {
      LOGO_SVG_REFUSED: () => "Le format SVG n'est pas accepté : envoyez un PNG ou un JPEG.",
      LOGO_NOT_IMAGE: () => "Ce fichier n'est ni un PNG ni un JPEG (son contenu est vérifié, pas son nom). Exportez le logo en PNG ou en JPEG.",
      LOGO_TOO_LARGE: (d: ErrorDetails) => `Fichier trop lourd${d.bytes ? ` (${kb(d.bytes, "fr")})` : ""} : ${kb(d.max, "fr")} au plus. Exportez-le plus petit (256 pixels de large suffisent) ou compressez-le.`,
      LOGO_TOO_MANY_PIXELS: (d: ErrorDetails) => `Image trop grande${d.size ? ` (${d.size} pixels)` : ""} : ${d.maxPx} × ${d.maxPx} pixels au plus. Redimensionnez-la.`,
      INVALID_ACCENT_COLOR: () => "Écrivez la couleur sous la forme #RRGGBB, par exemple #0b6e4f.",
      ACCENT_CONTRAST_TOO_LOW: (d: ErrorDetails) => `Couleur trop claire : contraste de ${ratio(d.ratio ?? "?", "fr")}:1, il faut 4,5:1 au moins sur le fond de la page et sous un texte blanc. Choisissez une couleur plus foncée.`,
      ROLE_FORBIDDEN: () => "Votre rôle ne permet pas de changer le logo ni la couleur : demandez à un propriétaire ou un administrateur.",
      other: () => "L'enregistrement a échoué. Réessayez dans un instant.",
    },
  },
  en: {
    title: "Logo and colour",
    intro: "Your customers see your logo (or your initials) and your colour on the payment, link, order, delivery and customer-space pages, and in their receipts.",
    logo: "Logo",
    file: "Logo file",
    logoHint: (maxBytes: number, maxPx: number) => `PNG or JPEG, ${kb(maxBytes, "en")} and ${maxPx} × ${maxPx} pixels at most. Shown 40 pixels high: 256 pixels wide is enough.`,
    upload: "Upload the logo",
    remove: "Remove the logo",
    current: (type: string, bytes: number) => `Current logo: ${type === "image/png" ? "PNG" : "JPEG"}, ${kb(bytes, "en")}.`,
    none: "No logo: your initials are shown.",
    accent: "Accent colour",
    accentHint: "Buttons, links and the top bar of your pages, with white text on it.",
    accentText: "Colour code (#RRGGBB)",
    contrast: (r: string, ok: boolean) => `Contrast: ${r}:1 ${ok ? "(readable)" : "(at least 4.5:1 needed)"}`,
    saveAccent: "Save the colour",
    resetAccent: "Back to Cauri's colour",
    preview: "Preview",
    previewButton: "Pay 5,000 FCFA",
    logoSaved: "Logo saved.",
    accentSaved: "Colour saved.",
    errors: {
      LOGO_SVG_REFUSED: () => "SVG is not accepted; upload a PNG or JPEG.",
      LOGO_NOT_IMAGE: () => "This file is neither a PNG nor a JPEG (its content is checked, not its name). Export the logo as PNG or JPEG.",
      LOGO_TOO_LARGE: (d: ErrorDetails) => `File too large${d.bytes ? ` (${kb(d.bytes, "en")})` : ""}: ${kb(d.max, "en")} at most. Export it smaller (256 pixels wide is enough) or compress it.`,
      LOGO_TOO_MANY_PIXELS: (d: ErrorDetails) => `Image too large${d.size ? ` (${d.size} pixels)` : ""}: ${d.maxPx} × ${d.maxPx} pixels at most. Resize it.`,
      INVALID_ACCENT_COLOR: () => "Write the colour as #RRGGBB, e.g. #0b6e4f.",
      ACCENT_CONTRAST_TOO_LOW: (d: ErrorDetails) => `Colour too light: contrast ${d.ratio ?? "?"}:1, at least 4.5:1 is needed on the page's background and under white text. Choose a darker colour.`,
      ROLE_FORBIDDEN: () => "Your role cannot change the logo or colour: ask an owner or an admin.",
      other: () => "Saving failed. Try again in a moment.",
    },
  },
});
