import Link from "next/link";
import type { FieldRow, OperationView } from "@/lib/http/openapi/reference";
import { Markdown } from "../_components/Markdown";
import { Table } from "../_components/Prose";

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-brand-soft text-brand",
  POST: "bg-[#e7effa] text-[#1d4ed8]",
  DELETE: "bg-[#fdecea] text-[#a61b1b]",
};

function Fields({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  return (
    <Table
      caption={caption}
      head={["field", "type", "description"]}
      rows={rows.map((row) => [
        <span key="n" className="whitespace-nowrap">
          <code>{row.name}</code>
          {row.required ? <span className="ml-1 text-xs font-semibold text-ink">required</span> : null}
        </span>,
        <span key="t" className="font-mono text-xs break-words">
          {row.type}
        </span>,
        row.description ?? "",
      ])}
    />
  );
}

/** One operation of the reference, under an anchor named by its operationId. */
export function Operation({ op }: { op: OperationView }) {
  const where = `${op.method} ${op.path}`;
  return (
    <section aria-labelledby={op.id} className="mt-10 border-t border-line pt-6">
      <h2 id={op.id} className="!mt-0 scroll-mt-4">
        <a href={`#${op.id}`} className="!text-ink !no-underline hover:!underline">
          {op.summary}
        </a>
      </h2>
      <p className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 font-semibold ${METHOD_STYLE[op.method] ?? "bg-canvas text-ink"}`}>{op.method}</span>
        <span className="break-all">{op.path}</span>
        {op.authenticated ? null : <span className="rounded bg-canvas px-2 py-0.5 font-sans text-xs">no key needed</span>}
        {op.permission ? (
          <Link href="/docs/reference#restricted-keys" className="rounded border border-line px-2 py-0.5 font-sans text-xs !font-normal !text-ink !no-underline hover:!underline" data-testid="operation-permission">
            restricted keys need <code>{op.permission}</code>
          </Link>
        ) : null}
      </p>
      {op.description ? <Markdown text={op.description} /> : null}
      {op.parameters.length ? (
        <>
          <h3>Parameters</h3>
          <Table
            caption={`${where}: parameters`}
            head={["name", "in", "type", "description"]}
            rows={op.parameters.map((p) => [
              <span key="n" className="whitespace-nowrap">
                <code>{p.name}</code>
                {p.required ? <span className="ml-1 text-xs font-semibold">required</span> : null}
              </span>,
              p.in,
              <span key="t" className="font-mono text-xs break-words">
                {p.type}
              </span>,
              p.description ?? "",
            ])}
          />
        </>
      ) : null}
      {op.body?.length ? (
        <>
          <h3>Request body (JSON)</h3>
          <Fields rows={op.body} caption={`${where}: request body`} />
        </>
      ) : null}
      {op.response ? (
        <>
          <h3>
            Response {op.response.status}
            {op.response.contentType && !op.response.contentType.includes("json") ? ` (${op.response.contentType})` : null}
          </h3>
          {op.response.fields.length ? <Fields rows={op.response.fields} caption={`${where}: response ${op.response.status}`} /> : null}
        </>
      ) : null}
      {op.errors.length ? (
        <>
          <h3>Errors</h3>
          <Table
            caption={`${where}: errors`}
            head={["status", "code", "meaning"]}
            rows={op.errors.map((e) => [e.status, <code key="c">{e.code}</code>, e.message])}
          />
        </>
      ) : null}
    </section>
  );
}
