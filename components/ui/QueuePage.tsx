import type { ReactNode } from "react";
import { ApiClientError } from "@/components/data/fetch-json";
import { Alert } from "./Alert";
import { Button } from "./Button";
import { PageFrame } from "./PageFrame";
import { Spinner } from "./Spinner";

interface QueuePageProps<T> {
  title: ReactNode;
  intro: ReactNode;
  /** A control that narrows the queue (a status select); the loading label shows beside it while the queue reloads. */
  filter?: ReactNode;
  loading?: string | false;
  /** Said to screen readers after a decision, since the card that was acted on leaves the list. */
  announce: string;
  error?: { message: ReactNode; retry: string; onRetry: () => void } | null;
  items: readonly T[] | undefined;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}

/** An ops queue: its head, the status line that announces decisions, then one card an item, or a word that nothing waits. */
export function QueuePage<T>({ title, intro, filter, loading, announce, error, items, empty, children }: QueuePageProps<T>) {
  return (
    <PageFrame title={title} description={intro}>
      {filter ? (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          {filter}
          {loading ? <Spinner label={loading} /> : null}
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {announce}
      </p>
      {error ? (
        <Alert variant="inline" className="mt-4">
          {error.message}{" "}
          <button type="button" className="underline" onClick={error.onRetry}>
            {error.retry}
          </button>
        </Alert>
      ) : null}
      {items && items.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-line bg-surface p-5 text-muted">{empty}</p>
      ) : items ? (
        <ul className="mt-4 space-y-3">{items.map(children)}</ul>
      ) : null}
    </PageFrame>
  );
}

interface QueueActionFormProps {
  /** The note or reference the decision needs. */
  field: ReactNode;
  submit: ReactNode;
  danger?: boolean;
  pending: boolean;
  cancel: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The second step of a queue card's decision: what the staff member writes, then confirm or step back. */
export function QueueActionForm({ field, submit, danger, pending, cancel, onSubmit, onCancel }: QueueActionFormProps) {
  return (
    <form
      method="post"
      noValidate
      className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {field}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? "danger" : "primary"} loading={pending}>
          {submit}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {cancel}
        </Button>
      </div>
    </form>
  );
}

/** A decision the server refused (nothing while there is no error): the console's word for it, then the server's message. */
export function QueueFailure({ label, error }: { label: string; error: unknown }) {
  if (!error) return null;
  return (
    <Alert variant="inline" className="mt-2">
      {label} {error instanceof ApiClientError ? error.message : String(error)}
    </Alert>
  );
}
