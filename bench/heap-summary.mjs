/**
 * What a V8 heap snapshot holds, by constructor, and where two differ:
 *
 *   node bench/heap-summary.mjs <later.heapsnapshot> [<earlier.heapsnapshot>] [--strings]
 *
 * One file: the 30 largest groups by self size (objects by constructor name, strings, arrays, code).
 * Two files: the 30 groups that grew most from the earlier one. --strings also groups strings by
 * their first 80 characters, which names a cache of query texts or rendered pages.
 * bench/run.ts writes snapshots with BENCH_HEAP_SNAPSHOTS=1.
 */
import { readFileSync } from "node:fs";

function summarize(file, strings) {
  const { snapshot, nodes, strings: table } = JSON.parse(readFileSync(file, "utf8"));
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const groups = new Map();
  const add = (key, size) => {
    const g = groups.get(key) ?? { count: 0, size: 0 };
    g.count++;
    g.size += size;
    groups.set(key, g);
  };
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const size = nodes[i + sizeAt];
    const name = table[nodes[i + nameAt]];
    if (type === "object" || type === "closure" || type === "native") add(`${type} ${name}`, size);
    else if (type === "string" || type === "concatenated string" || type === "sliced string") add(strings ? `string "${name.slice(0, 80).replace(/\s+/g, " ")}"` : "(strings)", size);
    else add(`(${type})`, size);
  }
  return groups;
}

const args = process.argv.slice(2);
const strings = args.includes("--strings");
const [later, earlier] = args.filter((a) => a !== "--strings");
if (!later) {
  console.error("usage: node bench/heap-summary.mjs <later.heapsnapshot> [<earlier.heapsnapshot>] [--strings]");
  process.exit(2);
}
const after = summarize(later, strings);
const before = earlier ? summarize(earlier, strings) : new Map();
const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);
const rows = [...after].map(([key, g]) => ({ key, count: g.count - (before.get(key)?.count ?? 0), size: g.size - (before.get(key)?.size ?? 0), total: g.size }));
rows.sort((a, b) => b.size - a.size);
const total = (groups) => [...groups.values()].reduce((n, g) => n + g.size, 0);
console.log(earlier ? `heap ${mb(total(before))} MB → ${mb(total(after))} MB; largest growth:` : `heap ${mb(total(after))} MB; largest groups:`);
console.log(`${"MB".padStart(8)} ${"count".padStart(9)}  group`);
for (const r of rows.slice(0, 30)) console.log(`${mb(r.size).padStart(8)} ${String(r.count).padStart(9)}  ${r.key}`);
