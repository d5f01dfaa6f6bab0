import { defineCodes } from "./define";

/** A merchant's team: roles, invitations, members. */
export const teamCodes = defineCodes({
  ROLE_FORBIDDEN: { status: 403, message: "Your role on this account does not allow this. Ask an owner of the account to change your role." },
  INVALID_ROLE: { status: 400, message: "role must be one of owner, admin, developer, finance, viewer." },
  MEMBER_EMAIL_TAKEN: {
    status: 409,
    message: "This e-mail address already has a Cauri account (in your team or another merchant's). Invite another address, or ask the person to use one that has no account yet.",
  },
  LAST_OWNER: { status: 409, message: "An account needs at least one owner: make another member owner first, then change or remove this one." },
  INVITATION_ALREADY_ACCEPTED: { status: 409, message: "This member has already accepted the invitation and set a password; there is nothing to send again." },
  INVITATION_INVALID: { status: 410, message: "This invitation link has expired or was already used. Ask an owner of the account to send a new invitation." },
});
