import type { Metadata } from "next";
import { defineCopy } from "@/lib/i18n/dictionary";
import { DocsShell } from "../_components/DocsShell";
import { docsLocale, type DocsPageProps } from "../_components/locale";
import { apiOrigin } from "../_components/origin";
import { Code, Prose, Table } from "../_components/Prose";
import { docsPermissionAreas, docsReference } from "./document";

const copy = defineCopy({
  fr: {
    title: "Référence de l'API",
    intro: "Chaque opération de l'API, générée depuis le code qui la sert : paramètres, corps de requête, réponse et codes d'erreur.",
    generated: "Les descriptions viennent du document OpenAPI et sont en anglais.",
    base: "URL de base :",
    document: "Le document OpenAPI 3.1 complet, à importer dans vos outils :",
    auth: "Authentification : une clé API secrète dans l'en-tête Authorization.",
    envelope: "Toutes les réponses JSON ont la même enveloppe :",
    groups: "Opérations par thème",
    restricted: "Clés restreintes",
    restrictedIntro:
      "Une clé restreinte, créée dans le tableau de bord (Développeurs), ne peut que ce que ses permissions lui donnent : pour chaque ressource, aucun accès, lecture (GET) ou écriture (les autres méthodes ; l'écriture comprend la lecture). Chaque opération indique la permission qu'elle demande. Sans elle, la réponse est 403 API_KEY_PERMISSION_DENIED, dont le message et le champ param nomment la permission manquante. Une clé standard a toutes les permissions.",
    resource: "ressource",
    paths: "chemins",
  },
  en: {
    title: "API reference",
    intro: "Every operation of the API, generated from the code that serves it: parameters, request body, response and error codes.",
    generated: "Descriptions come from the OpenAPI document.",
    base: "Base URL:",
    document: "The whole OpenAPI 3.1 document, to import into your tools:",
    auth: "Authentication: a secret API key in the Authorization header.",
    envelope: "Every JSON answer has the same envelope:",
    groups: "Operations by topic",
    restricted: "Restricted keys",
    restrictedIntro:
      "A restricted key, created in the dashboard (Developers), can do only what its permissions give it: for each resource, no access, read (GET) or write (the other methods; write includes read). Each operation names the permission it needs. Without it the answer is 403 API_KEY_PERMISSION_DENIED, whose message and param field name the missing permission. A standard key has every permission.",
    resource: "resource",
    paths: "paths",
  },
});

export async function generateMetadata({ searchParams }: DocsPageProps): Promise<Metadata> {
  return { title: copy[await docsLocale(searchParams)].title };
}

export default async function Reference({ searchParams }: DocsPageProps) {
  const [locale, origin] = await Promise.all([docsLocale(searchParams), apiOrigin()]);
  const t = copy[locale];
  return (
    <DocsShell locale={locale} path="/docs/reference">
      <Prose>
        <h1>{t.title}</h1>
        <p>
          {t.intro} {t.generated}
        </p>
        <p>
          {t.base} <code>{origin}</code>. {t.document} <a href="/v1/openapi.json">/v1/openapi.json</a>.
        </p>
        <p>{t.auth}</p>
        <Code label="shell">{`curl ${origin}/v1/payments -H "Authorization: Bearer sk_test_…"`}</Code>
        <p>{t.envelope}</p>
        <Code label="json">{`{ "success": true, "data": { … } }
{ "success": false, "error": { "code": "INVALID_AMOUNT", "message": "…", "param": "amount" } }`}</Code>
        <h2 id="restricted-keys">{t.restricted}</h2>
        <p>{t.restrictedIntro}</p>
        <Code label="json">{`{ "success": false, "error": { "code": "API_KEY_PERMISSION_DENIED", "message": "This key cannot write withdrawals (needs withdrawals:write). …", "param": "withdrawals:write" } }`}</Code>
        <Table
          caption={t.restricted}
          head={[t.resource, t.paths]}
          rows={docsPermissionAreas().map((area) => [
            <code key="r">{area.resource}</code>,
            <span key="p" className="break-words">
              {area.paths.map((p, i) => (
                <span key={p}>
                  {i ? ", " : null}
                  <code>{p}</code>
                </span>
              ))}
            </span>,
          ])}
        />
        <h2>{t.groups}</h2>
        <div lang="en" className="mt-4 grid gap-4 sm:grid-cols-2">
          {docsReference().map((tag) => (
            <section key={tag.slug} aria-labelledby={`tag-${tag.slug}`} className="rounded-xl border border-line bg-surface p-4">
              <h3 id={`tag-${tag.slug}`} className="!mt-0">
                <a href={`/docs/reference/${tag.slug}?lang=${locale}`}>{tag.name}</a>
              </h3>
              {tag.description ? <p className="!mt-1 text-sm text-muted">{tag.description}</p> : null}
              <ul className="!mt-2 !list-none !pl-0 text-sm">
                {tag.operations.map((op) => (
                  <li key={op.id}>
                    <a href={`/docs/reference/${tag.slug}?lang=${locale}#${op.id}`} className="!font-normal">
                      {op.summary}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Prose>
    </DocsShell>
  );
}
