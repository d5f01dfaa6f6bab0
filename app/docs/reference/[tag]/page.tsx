import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { defineCopy } from "@/lib/i18n/dictionary";
import { DocsShell } from "../../_components/DocsShell";
import { docsLocale, type DocsSearchParams } from "../../_components/locale";
import { Prose } from "../../_components/Prose";
import { docsReference } from "../document";
import { Operation } from "../Operation";

type Props = { params: Promise<{ tag: string }>; searchParams: DocsSearchParams };

const copy = defineCopy({
  fr: { back: "Référence de l'API", contents: "Opérations de cette page", generated: "Descriptions générées depuis le document OpenAPI (en anglais)." },
  en: { back: "API reference", contents: "Operations on this page", generated: "Descriptions generated from the OpenAPI document." },
});

async function tagOf(params: Props["params"]) {
  const { tag } = await params;
  return docsReference().find((t) => t.slug === tag) ?? notFound();
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${(await tagOf(params)).name} · API` };
}

/** One topic of the reference: its operations in full, each under its own anchor. */
export default async function ReferenceTag({ params, searchParams }: Props) {
  const [tag, locale] = await Promise.all([tagOf(params), docsLocale(searchParams)]);
  const t = copy[locale];
  return (
    <DocsShell locale={locale} path={`/docs/reference/${tag.slug}`}>
      <Prose>
        <p className="text-sm">
          <a href={`/docs/reference?lang=${locale}`}>← {t.back}</a>
        </p>
        <div lang="en">
          <h1 className="mt-2">{tag.name}</h1>
          {tag.description ? <p className="text-lg text-muted">{tag.description}</p> : null}
        </div>
        <p className="text-sm text-muted">{t.generated}</p>
        <nav aria-label={t.contents}>
          <ul lang="en">
            {tag.operations.map((op) => (
              <li key={op.id}>
                <a href={`#${op.id}`}>{op.summary}</a> <code>{`${op.method} ${op.path}`}</code>
              </li>
            ))}
          </ul>
        </nav>
        <div lang="en">
          {tag.operations.map((op) => (
            <Operation key={op.id} op={op} />
          ))}
        </div>
      </Prose>
    </DocsShell>
  );
}
