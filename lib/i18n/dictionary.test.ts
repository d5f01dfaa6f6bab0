import { describe, expect, it } from "vitest";
import { defineCopy } from "./dictionary";

describe("defineCopy", () => {
  it("returns the copy of each locale", () => {
    const copy = defineCopy({
      fr: { pay: "Payer", total: (n: number) => `${n} articles` },
      en: { pay: "Pay", total: (n: number) => `${n} items` },
    });
    expect(copy.fr.pay).toBe("Payer");
    expect(copy.en.total(3)).toBe("3 items");
  });

  // The checks below are enforced by `tsc` (npm run typecheck): an unused @ts-expect-error is
  // itself an error, so each line fails the build if the rule it states stops holding.
  it("rejects English copy whose keys differ from the French", () => {
    // @ts-expect-error English is missing a key.
    defineCopy({ fr: { title: "Titre", body: "Corps" }, en: { title: "Title" } });
    // @ts-expect-error English has a key French lacks.
    defineCopy({ fr: { title: "Titre" }, en: { title: "Title", extra: "Extra" } });
    // @ts-expect-error A nested group is missing a key in English.
    defineCopy({ fr: { nav: { home: "Accueil", docs: "Docs" } }, en: { nav: { home: "Home" } } });
    // @ts-expect-error English has a string where French has a function.
    defineCopy({ fr: { count: (n: number) => `${n}` }, en: { count: "n" } });
  });
});
