import type { z } from "zod";
import type { Locale } from "@/lib/i18n/locale";

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * One message kind: its parameters (zod, so a caller past the compiler is still checked) and
 * its rendering in each locale, French first.
 */
export type MailTemplate<S extends z.ZodType = z.ZodType> = {
  params: S;
  render: Readonly<Record<Locale, (params: z.output<S>) => RenderedMail>>;
};

export const defineMailTemplate = <S extends z.ZodType>(template: { params: S; render: { fr: (params: z.output<S>) => RenderedMail; en: (params: z.output<S>) => RenderedMail } }): MailTemplate<S> =>
  template;
