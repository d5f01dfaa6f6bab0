/**
 * The memory settings of the production server process (docs/performance.md, "Memory"), applied by
 * `npm start` (scripts/launch.ts) and written into the Dockerfile; cluster workers inherit them
 * with the environment.
 *
 * - A V8 heap limit. Without one, V8 sizes the heap from the machine's RAM (about 4 GB on a 24 GB
 *   host, or what a container's host has) and, with a limit that large, lets the heap grow to up
 *   to 4 times what survived the last full collection before collecting again; under 512 MB it
 *   grows by about 1.4 times. The server holds about 200 MB live (mostly code and module
 *   sources), so the limit, not the load, decides its footprint.
 * - Two glibc malloc arenas instead of up to 8 per core: the memory Node allocates outside the V8
 *   heap from several threads (libuv's pool, V8's GC helpers) then stays in two pools instead of
 *   fragmenting across sixteen.
 *
 * A value the operator set wins: NODE_OPTIONS with its own --max-old-space-size, or MALLOC_ARENA_MAX.
 */
export const SERVER_HEAP_MB = 384;
export const SERVER_MALLOC_ARENAS = 2;

const HEAP_FLAG = /--max[-_]old[-_]space[-_]size\b/;

export function serverMemorySettings(env: Record<string, string | undefined>): { NODE_OPTIONS: string; MALLOC_ARENA_MAX: string } {
  const options = env.NODE_OPTIONS?.trim() ?? "";
  return {
    NODE_OPTIONS: HEAP_FLAG.test(options) ? options : `--max-old-space-size=${SERVER_HEAP_MB} ${options}`.trim(),
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || String(SERVER_MALLOC_ARENAS),
  };
}
