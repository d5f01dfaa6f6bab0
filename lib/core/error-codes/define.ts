export type ErrorSpec = { status: number; message: string };
/** Keeps each area's table literal-typed so the merged catalogue knows every code. */
export const defineCodes = <T extends Record<string, ErrorSpec>>(codes: T) => codes;
