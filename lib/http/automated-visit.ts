/**
 * Whether a page request comes from software rather than a person: a messaging app building a
 * link preview (the way most invoice links reach customers here is WhatsApp, whose preview
 * fetches the page the moment the link is sent), a crawler, or a browser's speculative prefetch.
 * Such a visit must not count as the customer having opened the page.
 */
const PREVIEW_AGENTS = /whatsapp|facebookexternalhit|facebot|telegrambot|twitterbot|slackbot|linkedinbot|discordbot|skypeuripreview|pinterestbot|googlebot|bingbot|yandex|baiduspider|duckduckbot|applebot|petalbot|crawler|spider|\bbot\b|preview/i;

export function isAutomatedVisit(headers: Pick<Headers, "get">): boolean {
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-moz") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return true;
  const agent = headers.get("user-agent");
  return !agent || PREVIEW_AGENTS.test(agent);
}
