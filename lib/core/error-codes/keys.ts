import { defineCodes } from "./define";

/** Restricted API keys (lib/platform/key-permissions.ts, docs/decisions/api.md "Restricted keys"). */
export const keyCodes = defineCodes({
  API_KEY_PERMISSION_DENIED: {
    status: 403,
    message: "This restricted key does not have the permission this operation needs. Use a key with that permission, or ask an owner to create one that has it.",
  },
  INVALID_KEY_PERMISSIONS: {
    status: 400,
    message: "The permissions must map known resources to \"none\", \"read\" or \"write\", with at least one resource not \"none\".",
  },
  INVALID_KEY_NAME: { status: 400, message: "The key name must be 1 to 60 characters." },
});
