import { describe, expect, it } from "vitest";
import { repairedTarget } from "@/server/edge";

describe("a request path that is not valid percent-encoding", () => {
  it("has each % made literal, so the app answers it as an unknown identifier instead of the router's 500", () => {
    expect(repairedTarget("/v1/payments/%ZZ")).toBe("/v1/payments/%25ZZ");
    expect(repairedTarget("/v1/payments/txn_%")).toBe("/v1/payments/txn_%25");
    // Valid hex pairs that cut a UTF-8 sequence short do not decode either.
    expect(repairedTarget("/d/%E0%A4%A?lang=en")).toBe("/d/%25E0%25A4%25A?lang=en");
    expect(decodeURIComponent(repairedTarget("/v1/nope/%C0").split("?")[0])).toBe("/v1/nope/%C0");
  });

  it("leaves a valid target alone, query string included", () => {
    for (const target of ["/v1/payments/txn_1", "/v1/payments/%00", "/l/caf%C3%A9", "/v1/payments?search=%ZZ", "/"]) expect(repairedTarget(target)).toBe(target);
  });
});
