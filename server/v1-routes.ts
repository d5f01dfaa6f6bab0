import type { RouteEntry } from "@/lib/http/openapi/types";

/** An exported route handler, called as Next.js calls it: the Request and a promise of the path's parameters. */
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
export type RouteMatch = { module: Record<string, unknown>; params: Record<string, string> };

type Node = { literal: Map<string, Node>; param?: { name: string; node: Node }; module?: Record<string, unknown> };

const emptyNode = (): Node => ({ literal: new Map() });

/**
 * The /v1 routes as a tree of path segments, built from the generated route index, matched the
 * way Next.js's router does: a literal segment wins over a `[param]` at the same place
 * (`/v1/payments/history` is not the payment "history"), and a parameter never matches an empty segment.
 */
export function routeTree(index: RouteEntry[]): (pathname: string) => RouteMatch | null {
  const root = emptyNode();
  for (const entry of index) {
    let node = root;
    for (const segment of entry.path.split("/").filter(Boolean)) {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      if (param) {
        node.param ??= { name: param, node: emptyNode() };
        node = node.param.node;
      } else {
        let next = node.literal.get(segment);
        if (!next) node.literal.set(segment, (next = emptyNode()));
        node = next;
      }
    }
    node.module = entry.module;
  }

  const walk = (node: Node, segments: string[], at: number, params: Record<string, string>): RouteMatch | null => {
    if (at === segments.length) return node.module ? { module: node.module, params } : null;
    const segment = segments[at];
    const literal = node.literal.get(segment);
    const found = literal && walk(literal, segments, at + 1, params);
    if (found) return found;
    if (!node.param || segment === "") return null;
    return walk(node.param.node, segments, at + 1, { ...params, [node.param.name]: segment });
  };

  return (pathname) => {
    // Next.js ignores one trailing slash (it redirects it away); the segments arrive still encoded.
    const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    let segments: string[];
    try {
      segments = trimmed.split("/").slice(1).map(decodeURIComponent);
    } catch {
      return null;
    }
    return walk(root, segments, 0, {});
  };
}
