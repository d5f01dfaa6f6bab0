import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The dev outbox: one RFC 822 file per message (`<time>-<mail id>.eml`, openable in any mail
 * client) in `<CAURI_DATA_DIR>/mail`, where mail goes when no SMTP server is configured outside
 * production. Nothing is sent; /dev/mail lists the files.
 */

/** Writes a message's bytes; a reader never sees a half-written file (written aside, then renamed). */
export async function writeDevMail(dir: string, mailId: string, raw: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mailId}.eml`;
  const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(temp, raw);
  await rename(temp, path.join(dir, name));
  return name;
}

export type DevMail = { file: string; to: string; subject: string; date: Date | null; text: string };

/** The dev outbox's messages, newest first (at most `limit`), parsed as a mail client would. */
export async function listDevMail(dir: string, limit = 50): Promise<DevMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".eml") && !n.startsWith("."));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  // The file names start with an ISO time, so they sort in the order the messages were written.
  names.sort().reverse();
  // mailparser is a development dependency: the dev outbox never runs in production.
  const { simpleParser } = await import("mailparser");
  return Promise.all(
    names.slice(0, limit).map(async (file) => {
      const parsed = await simpleParser(await readFile(path.join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : (parsed.to?.text ?? "");
      return { file, to, subject: parsed.subject ?? "", date: parsed.date ?? null, text: parsed.text ?? "" };
    }),
  );
}
