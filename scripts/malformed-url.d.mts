// Types for malformed-url.mjs, which stays plain JavaScript for the Docker image.
export function repairedTarget(target: string): string;
export function installMalformedUrlRepair(): void;
