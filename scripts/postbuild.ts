import { cpSync, existsSync } from "node:fs";
import path from "node:path";

/**
 * The standalone server does not carry static assets; copy them beside it so `npm start` and
 * the Docker image serve the same complete build (Next.js documents this step).
 */
const dist = path.resolve(process.env.NEXT_DIST_DIR ?? ".next");
const standalone = path.join(dist, "standalone");
if (!existsSync(standalone)) {
  console.error(`postbuild: ${standalone} is missing; is output: "standalone" set in next.config.ts?`);
  process.exit(1);
}
cpSync(path.join(dist, "static"), path.join(standalone, path.relative(process.cwd(), dist), "static"), { recursive: true });
if (existsSync("public")) cpSync("public", path.join(standalone, "public"), { recursive: true });
// Migrations are applied by the launcher from the checkout; the image needs them beside the server too.
cpSync("db/migrations", path.join(standalone, "db", "migrations"), { recursive: true });
// `node cluster.mjs` runs CAURI_WORKERS copies of server.js on one port (scripts/cluster-server.mjs).
cpSync("scripts/cluster-server.mjs", path.join(standalone, "cluster.mjs"));
for (const hook of ["client-ip.mjs", "malformed-url.mjs"]) cpSync(path.join("scripts", hook), path.join(standalone, hook));
console.log("postbuild: static assets, migrations, cluster.mjs and its request hooks copied into the standalone output");
