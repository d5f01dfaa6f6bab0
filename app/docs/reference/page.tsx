import type { Metadata } from "next";
import { defineCopy } from "@/lib/i18n/dictionary";
import { DocsShell } from "../_components/DocsShell";
import { docsLocale, type DocsPageProps } from "../_components/locale";
import { apiOrigin } from "../_components/origin";
import { Code, Prose } from "../_components/Prose";
import { docsReference } from "./document";

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
