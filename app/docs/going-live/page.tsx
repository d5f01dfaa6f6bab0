import type { Metadata } from "next";
import { formatXof } from "@/lib/format/money";
import { platformPlans } from "@/lib/platform/plans";
import { Note, Prose, Table } from "../_components/Prose";

export const metadata: Metadata = { title: "Going live" };

export default function GoingLive() {
  return (
    <Prose>
      <h1>Going live</h1>
      <p>
        Everything you built in test mode works the same in production: switch <code>sk_test_…</code> for <code>sk_live_…</code>. Before a live key is accepted,
        three things must be in place.
      </p>
      <ol>
        <li>
          <strong>KYC approved.</strong> Submit your business details and documents in the dashboard (Settings). Our team reviews them; withdrawals and production
          access need an approved KYC.
        </li>
        <li>
          <strong>A paid platform plan.</strong> Subscribe to one of Cauri&apos;s plans. Without a paid, current plan a live key gets 403{" "}
          <code>PAID_SUBSCRIPTION_REQUIRED</code>; test mode stays free either way.
        </li>
        <li>
          <strong>Production access.</strong> Request it in the dashboard once KYC is approved. Until it is opened, a live key gets 401{" "}
          <code>PRODUCTION_KEY_DISABLED</code>.
        </li>
      </ol>

      <h2>Platform plans</h2>
      <p>
        The live list is public at <code>GET /v1/platform/plans</code>; your current plan is at <code>GET /v1/merchant/plan</code> and{" "}
        <code>GET /v1/merchant/subscription</code>.
      </p>
      <Table
        caption="Platform plans"
        head={["plan", "price per month", "monthly live volume"]}
        rows={platformPlans.map((p) => [p.name, formatXof(p.priceMonthly), p.monthlyLiveCap === null ? "no cap" : `up to ${formatXof(p.monthlyLiveCap)}`])}
      />
      <p>
        A live payment that would take the calendar month&apos;s successful live volume over your plan&apos;s cap is refused with 403{" "}
        <code>PLAN_MONTHLY_VOLUME_EXCEEDED</code>. Test payments never count.
      </p>

      <h2>Checklist</h2>
      <ul>
        <li>
          Remove <code>metadata.service_mock</code> and <code>metadata.sandbox</code> from your requests: a live key refuses them (400{" "}
          <code>TEST_FLAG_IN_LIVE_MODE</code>).
        </li>
        <li>
          Register a live <a href="/docs/webhooks">webhook endpoint</a> (HTTPS) and store its new <code>whsec_</code> secret: test and live endpoints are separate.
        </li>
        <li>
          Use real <code>return_url</code>s on your HTTPS domain.
        </li>
        <li>Keep live keys on your server only, never in a mobile app or a browser. Revoke a leaked key in the dashboard at once.</li>
        <li>
          Handle the <a href="/docs/errors">errors</a> you did not see in the sandbox: <code>PLAN_MONTHLY_VOLUME_EXCEEDED</code>, <code>PROVIDER_ERROR</code>.
        </li>
      </ul>
      <Note>
        Sandbox-only features stay in the sandbox: the simulator, the test clock, OPR (<code>/v1/opr/*</code>) and <code>GET /v1/webhooks/events</code> answer 403{" "}
        <code>TEST_MODE_ONLY</code> to a live key. Refunds go through support (<code>POST /v1/refunds</code> answers 503); withdrawals are reviewed by our team.
      </Note>
    </Prose>
  );
}
