import type { Locale } from "./locale";

/** A page's copy: one entry per locale, all with the shape of the French one. */
export type Copy<T> = Readonly<Record<Locale, T>>;

/**
 * Lets each page keep its own bilingual copy next to its markup. The shape is inferred from
 * `fr` only (NoInfer), so a key missing from `en`, an extra key in `en`, or a string where fr
 * has a function is a type error rather than a blank on the English page.
 *
 *   const copy = defineCopy({ fr: { pay: "Payer" }, en: { pay: "Pay" } });
 *   copy[locale].pay
 */
export function defineCopy<T extends Record<string, unknown>>(copy: { fr: T; en: NoInfer<T> }): Copy<T> {
  return copy;
}
