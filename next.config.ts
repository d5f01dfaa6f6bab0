import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Lets several dev servers or builds of one checkout run side by side (each its own folder).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  // `next dev` serves its scripts only to the host it was started for; a newcomer opening
  // http://127.0.0.1:3000 (what the docs and curl examples print) got pages whose script never ran.
  allowedDevOrigins: ["127.0.0.1", "localhost", "[::1]"],
  // Metadata is resolved before the first byte of <body> for every visitor, not only for the
  // crawlers Next.js lists: streamed metadata lets a page show its content while it still has
  // no <title>, which screen readers announce as an untitled page (and axe reports).
  htmlLimitedBots: /.*/,
  // `npm test` typechecks the whole project once (npm run typecheck); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "ioredis", "rate-limiter-flexible", "pdfkit", "exceljs"],
};

export default nextConfig;
