import { describe, expect, it } from "vitest";
import { resolveLocale, toLocale } from "./locale";

describe("resolveLocale", () => {
  it("defaults to French when nothing says otherwise", () => {
    expect(resolveLocale({})).toBe("fr");
  });

  it("lets ?lang=en win over the cookie and the browser", () => {
    expect(resolveLocale({ searchParamLang: "en", cookieLang: "fr", acceptLanguage: "fr-ML" })).toBe("en");
  });

  it("lets ?lang=fr win over an English cookie and browser", () => {
    expect(resolveLocale({ searchParamLang: "fr", cookieLang: "en", acceptLanguage: "en-US" })).toBe("fr");
  });

  it("uses the cookie when there is no ?lang", () => {
    expect(resolveLocale({ cookieLang: "en", acceptLanguage: "fr-FR,fr;q=0.9" })).toBe("en");
  });

  it("falls through an unsupported ?lang to the cookie", () => {
    expect(resolveLocale({ searchParamLang: "bm", cookieLang: "en" })).toBe("en");
  });

  it("falls through an unsupported cookie to Accept-Language", () => {
    expect(resolveLocale({ cookieLang: "xx", acceptLanguage: "en-GB" })).toBe("en");
  });

  it("ignores an empty ?lang", () => {
    expect(resolveLocale({ searchParamLang: "", cookieLang: "en" })).toBe("en");
  });

  describe("Accept-Language", () => {
    it("reads a region-qualified English browser as English", () => {
      expect(resolveLocale({ acceptLanguage: "en-US,en;q=0.9" })).toBe("en");
    });

    it("picks the highest q-value, not the first tag", () => {
      expect(resolveLocale({ acceptLanguage: "en;q=0.5, fr;q=0.9" })).toBe("fr");
      expect(resolveLocale({ acceptLanguage: "fr;q=0.4, en;q=0.8" })).toBe("en");
    });

    it("skips unsupported languages to find a supported one", () => {
      expect(resolveLocale({ acceptLanguage: "bm-ML, en;q=0.7" })).toBe("en");
    });

    it("keeps header order between equal q-values", () => {
      expect(resolveLocale({ acceptLanguage: "en, fr" })).toBe("en");
    });

    it("ignores a language refused with q=0", () => {
      expect(resolveLocale({ acceptLanguage: "en;q=0, de" })).toBe("fr");
    });

    it("falls back to French when no listed language is supported", () => {
      expect(resolveLocale({ acceptLanguage: "de-DE,de;q=0.9,*;q=0.1" })).toBe("fr");
    });
  });
});

describe("toLocale", () => {
  it.each([
    ["EN", "en"],
    ["en-GB", "en"],
    ["fr_ML", "fr"],
    [" fr ", "fr"],
  ] as const)("normalises %s to %s", (input, expected) => {
    expect(toLocale(input)).toBe(expected);
  });

  it.each(["", "english", "bm", undefined, null])("does not treat %s as a locale", (input) => {
    expect(toLocale(input)).toBeUndefined();
  });
});
