import { defineCodes } from "./define";

/** `cauri listen` sessions (lib/webhooks/listen, docs/decisions/listen.md). */
export const listenCodes = defineCodes({
  LISTEN_SESSION_NOT_FOUND: { status: 404, message: "No listen session with this id for this key's application and mode. Start one with POST /v1/webhooks/listen-sessions." },
  LISTEN_SESSION_CLOSED: {
    status: 410,
    message: "This listen session is closed (deleted, or its stream was disconnected for more than 60 seconds); its pending deliveries ended FAILED. Start a new one with POST /v1/webhooks/listen-sessions.",
  },
  LISTEN_SESSION_LIMIT_REACHED: {
    status: 409,
    message: "This application already has 10 open listen sessions in test mode. Stop a `cauri listen` you no longer need (Ctrl-C closes its session), or wait: a session whose stream is disconnected closes after 60 seconds.",
  },
  LISTEN_DELIVERY_ALREADY_REPORTED: { status: 409, message: "This delivery's result was already reported (or the delivery ended); nothing more was recorded. Read it with GET /v1/webhooks/logs/{id}." },
  LISTEN_DELIVERY_NOT_RESENDABLE: { status: 409, message: "This delivery went to a `cauri listen` session, which the CLI forwards itself; it cannot be re-sent from here. Trigger the event again while the CLI listens." },
});
