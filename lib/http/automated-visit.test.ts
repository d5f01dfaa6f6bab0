import { describe, expect, it } from "vitest";
import { isAutomatedVisit } from "./automated-visit";

const visit = (init: Record<string, string>) => isAutomatedVisit(new Headers(init));

// Real user agents, as the services and browsers send them.
const PEOPLE = {
  "Chrome on Android": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Opera Mini": "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54",
  "Safari on iPhone": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Facebook's in-app browser": "Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/445.0.0.34.118;]",
  "KaiOS feature phone": "Mozilla/5.0 (Mobile; LYF/F300B/LYF-F300B-001-01-15-130718-i;Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5",
};

const MACHINES = {
  "WhatsApp's preview": "WhatsApp/2.24.6.77 A",
  "Facebook's preview": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Telegram's preview": "TelegramBot (like TwitterBot)",
  "Slack's preview": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "Googlebot": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Discord's preview": "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
};

describe("isAutomatedVisit", () => {
  for (const [who, agent] of Object.entries(PEOPLE)) {
    it(`counts ${who} as a person`, () => expect(visit({ "user-agent": agent })).toBe(false));
  }
  for (const [who, agent] of Object.entries(MACHINES)) {
    it(`does not count ${who}`, () => expect(visit({ "user-agent": agent })).toBe(true));
  }

  it("does not count a browser's speculative prefetch or prerender, whatever the agent", () => {
    const chrome = PEOPLE["Chrome on Android"];
    expect(visit({ "user-agent": chrome, "sec-purpose": "prefetch" })).toBe(true);
    expect(visit({ "user-agent": chrome, "sec-purpose": "prefetch;prerender" })).toBe(true);
    expect(visit({ "user-agent": chrome, purpose: "prefetch" })).toBe(true);
    expect(visit({ "user-agent": chrome, "x-moz": "prefetch" })).toBe(true);
  });

  it("does not count a request without a user agent (a script, not a customer's browser)", () => {
    expect(visit({})).toBe(true);
    expect(visit({ "user-agent": "" })).toBe(true);
  });
});
