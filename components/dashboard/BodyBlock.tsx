/**
 * A body or header list as text (the request log, a webhook attempt): it scrolls inside its own
 * box and wraps, so a long line never pushes the page sideways on a phone; focusable, so a
 * keyboard can scroll it.
 */
export function BodyBlock({ title, text, empty, testId, level = "h4" }: { title: string; text: string | null; empty: string; testId?: string; level?: "h3" | "h4" | "h5" | "h6" }) {
  const Heading = level;
  return (
    <div className="mt-3">
      <Heading className="text-sm font-semibold text-ink">{title}</Heading>
      {text ? (
        <pre data-testid={testId} tabIndex={0} className="mt-1 max-h-96 overflow-auto rounded-lg border border-line bg-canvas p-3 font-mono text-xs break-all whitespace-pre-wrap text-ink">
          {text}
        </pre>
      ) : (
        <p className="mt-1 text-sm text-muted">{empty}</p>
      )}
    </div>
  );
}
