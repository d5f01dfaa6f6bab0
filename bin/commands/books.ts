import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { LOCALES } from "../../lib/i18n/locale";
import { monthPeriod, statementData } from "../../lib/books/statement/data";
import { renderStatementPdf } from "../../lib/books/statement/pdf";
import { flagChoice, flagString, type Command } from "../cli";

/** `books statement`: a merchant's monthly statement as a PDF file, the same one the dashboard and the API serve. */
export const booksCommands: Record<string, Command> = {
  statement: {
    usage: "books statement --merchant MERCHANT_ID --month YYYY-MM --out FILE.pdf [--mode live|test] [--locale fr|en] [--json]",
    async run({ db, flags, out }) {
      const merchantId = flagString(flags, "merchant", true)!;
      const month = flagString(flags, "month", true)!;
      const file = flagString(flags, "out", true)!;
      const mode = flagChoice(flags, "mode", ["live", "test"] as const) ?? "live";
      const locale = flagChoice(flags, "locale", LOCALES) ?? "fr";
      const data = await statementData({ db, merchantId, mode }, monthPeriod(month));
      await pipeline(renderStatementPdf(data, locale), createWriteStream(file));
      const closing = Object.fromEntries(data.balances.map((b) => [b.balance, b.closing]));
      out(
        { merchant_id: merchantId, month, mode, locale, file, payments_collected: data.paymentsCollected, closing },
        `Statement of ${data.merchant.name} (${merchantId}, ${mode}) for ${month} written to ${file}.`,
      );
    },
  },
};
