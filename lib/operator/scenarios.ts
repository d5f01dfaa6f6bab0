import { z } from "zod";
import { operatorFailureReason } from "@/lib/payments/initiate";
import { LATE_SUCCESS_EVENT } from "@/lib/payments/late-collection";
import { SILENT_NUMBER, SIMULATOR_CALLBACKS, SIMULATOR_NUMBERS, simulatedTimeout, simulatedUnavailable, TIMEOUT_NUMBER, UNAVAILABLE_NUMBER } from "./simulator";

/**
 * The sandbox's test numbers (GET /v1/sandbox/scenarios, /docs/test-mode): each gives one
 * real-world outcome through the same code paths as the operator's answer would. The outcomes,
 * reasons and delays come from the simulator's own tables, so the catalogue cannot say one thing
 * and the simulator do another; app/v1/sandbox/scenarios/scenarios.test.ts walks every timeline.
 */
const stepSchema = z
  .object({
    at: z
      .enum(["confirm", "after_push", "after_expiry"])
      .describe(
        "confirm: the customer confirms on the checkout (the push to their phone); after_push / after_expiry: `seconds` after the push or after expires_at on the merchant's test clock (POST /v1/sandbox/clock/advance gets there)",
      ),
    seconds: z.number().int().min(0).describe("the delay of after_push and after_expiry; 0 otherwise"),
    operator: z.string().describe("what the simulated operator does then"),
    callbacks: z.number().int().min(0).describe("signed callbacks the operator sends then, through the same handler as POST /api/operator/callback"),
    status: z.enum(["SUCCESS", "FAILED", "EXPIRED", "PENDING"]).describe("the payment's status after the step"),
    late_collection: z.enum(["OPEN"]).nullable().describe("the payment's late_collection.status after the step: OPEN when the operator collected after the payment ended"),
    events: z.array(z.string()).describe("events this step emits, in order, each exactly once"),
  })
  .meta({ id: "SandboxScenarioStep" });

export const sandboxScenarioSchema = z
  .object({
    phone: z.string().describe("customer_phone to create the payment with (test keys only)"),
    name: z.string(),
    description: z.string(),
    status_after_confirm: z.enum(["SUCCESS", "FAILED", "PENDING"]).describe("the payment's status once the customer confirmed on the checkout"),
    status_reason: z.string().nullable().describe("the payment's status_reason then"),
    final_status: z.enum(["SUCCESS", "FAILED", "EXPIRED", "PENDING"]).describe("its status once every step of the timeline happened"),
    events: z.array(z.string()).describe("every event of the timeline, in order, each exactly once"),
    timeline: z.array(stepSchema).describe("what happens, step by step, from the customer's confirmation"),
  })
  .meta({ id: "SandboxScenario" });

export type SandboxScenario = z.infer<typeof sandboxScenarioSchema>;
type Step = z.infer<typeof stepSchema>;

const reasonOf = (phone: keyof typeof SIMULATOR_NUMBERS): string | null => {
  const outcome = SIMULATOR_NUMBERS[phone];
  return "reason" in outcome ? outcome.reason : null;
};

const step = (s: Partial<Step> & Pick<Step, "at" | "operator" | "status">): Step => ({ seconds: 0, callbacks: 0, late_collection: null, events: [], ...s });

function scenario(s: { phone: string; name: string; description: string; status_reason: string | null; timeline: Step[] }): SandboxScenario {
  const [confirmed] = s.timeline;
  const last = s.timeline[s.timeline.length - 1];
  if (confirmed.status === "EXPIRED") throw new Error(`scenario ${s.name} cannot be EXPIRED on confirmation`);
  return {
    phone: s.phone,
    name: s.name,
    description: s.description,
    status_after_confirm: confirmed.status,
    status_reason: s.status_reason,
    final_status: last.status,
    events: s.timeline.flatMap((t) => t.events),
    timeline: s.timeline,
  };
}

const answered = (status: "SUCCESS" | "FAILED") =>
  step({ at: "confirm", operator: `answers the push ${status}`, status, events: [status === "SUCCESS" ? "payment.success" : "payment.failed"] });
const expires = step({ at: "after_expiry", operator: "nothing: the expiry job ends the payment at expires_at", status: "EXPIRED", events: ["payment.expired"] });

const delayed = (phone: keyof typeof SIMULATOR_CALLBACKS) => SIMULATOR_CALLBACKS[phone];

/** The catalogue, built when asked: the timeout's words depend on OPERATOR_TIMEOUT_MS, read at call time. */
export function sandboxScenarios(): SandboxScenario[] {
  const late = delayed("+22370000012");
  const timeout = delayed(TIMEOUT_NUMBER);
  const duplicate = delayed("+22370000013");
  return [
    scenario({
      phone: "+22370000001",
      name: "approved",
      description: "The customer approves at once: SUCCESS as soon as they confirm on the checkout.",
      status_reason: null,
      timeline: [answered("SUCCESS")],
    }),
    scenario({
      phone: "+22370000002",
      name: "declined",
      description: "The customer declines the request on their phone.",
      status_reason: reasonOf("+22370000002"),
      timeline: [answered("FAILED")],
    }),
    scenario({
      phone: "+22370000004",
      name: "insufficient_balance",
      description: "The customer's mobile-money account cannot cover the amount.",
      status_reason: reasonOf("+22370000004"),
      timeline: [answered("FAILED")],
    }),
    scenario({
      phone: "+22370000005",
      name: "wrong_pin",
      description: "The customer types a wrong PIN: the operator refuses the collection.",
      status_reason: reasonOf("+22370000005"),
      timeline: [answered("FAILED")],
    }),
    scenario({
      phone: "+22370000003",
      name: "no_answer",
      description: "The customer never answers: the payment waits, then expires at expires_at (move the test clock to see it).",
      status_reason: reasonOf("+22370000003"),
      timeline: [step({ at: "confirm", operator: "answers the push PENDING; the customer never approves", status: "PENDING" }), expires],
    }),
    scenario({
      phone: UNAVAILABLE_NUMBER,
      name: "operator_unavailable",
      description:
        "The operator answers 503 to the push: nothing reaches the phone, the payment stays PENDING with the reason (the checkout offers to try again), and expires at expires_at if it never goes through.",
      status_reason: operatorFailureReason(simulatedUnavailable()),
      timeline: [step({ at: "confirm", operator: "answers the push HTTP 503", status: "PENDING" }), expires],
    }),
    scenario({
      phone: TIMEOUT_NUMBER,
      name: "timeout_then_approved",
      description: `The operator does not answer the push in time: the payment stays PENDING with the reason (the checkout offers to try again). The push did reach the phone: the customer approves and the operator's callback arrives ${timeout.seconds} s after the push, on the test clock: SUCCESS.`,
      status_reason: operatorFailureReason(simulatedTimeout()),
      timeline: [
        step({ at: "confirm", operator: "does not answer the push within the timeout", status: "PENDING" }),
        step({ at: "after_push", seconds: timeout.seconds, operator: "calls back SUCCESS: the customer approved", callbacks: timeout.times, status: "SUCCESS", events: ["payment.success"] }),
      ],
    }),
    scenario({
      phone: SILENT_NUMBER,
      name: "no_callback",
      description:
        "The customer approves at once but the operator never calls back: the payment stays PENDING until the service re-checks it with the operator, 2 minutes after the push (on the test clock), and the operator answers SUCCESS: the payment is settled. POST /v1/payments/{id}/reconcile asks the same question at once.",
      status_reason: reasonOf(SILENT_NUMBER),
      timeline: [
        step({ at: "confirm", operator: "answers the push PENDING, collects, and never calls back", status: "PENDING" }),
        step({ at: "after_push", seconds: 120, operator: "answers the service's automatic status check SUCCESS", status: "SUCCESS", events: ["payment.success"] }),
      ],
    }),
    scenario({
      phone: "+22370000012",
      name: "approved_after_expiry",
      description: `The customer approves after the payment expired: the operator's SUCCESS callback comes ${late.seconds} s after expires_at, on the test clock. The payment stays EXPIRED and carries a late collection (OPEN, payment.late_success), which the service's staff then credit to you or refund to the customer.`,
      status_reason: reasonOf("+22370000012"),
      timeline: [
        step({ at: "confirm", operator: "answers the push PENDING", status: "PENDING" }),
        expires,
        step({
          at: "after_expiry",
          seconds: late.seconds,
          operator: "calls back SUCCESS: the customer approved late",
          callbacks: late.times,
          status: "EXPIRED",
          late_collection: "OPEN",
          events: [LATE_SUCCESS_EVENT],
        }),
      ],
    }),
    scenario({
      phone: "+22370000013",
      name: "duplicate_callback",
      description: `The customer approves; the operator sends its SUCCESS callback ${duplicate.times} times, ${duplicate.seconds} s after the push on the test clock. The payment succeeds once: one payment.success, one ledger journal.`,
      status_reason: reasonOf("+22370000013"),
      timeline: [
        step({ at: "confirm", operator: "answers the push PENDING", status: "PENDING" }),
        step({ at: "after_push", seconds: duplicate.seconds, operator: "calls back SUCCESS, twice", callbacks: duplicate.times, status: "SUCCESS", events: ["payment.success"] }),
      ],
    }),
  ];
}
