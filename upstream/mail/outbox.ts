import type { DB } from "../db";
import type { Mailer, UpstreamConfig } from "../context";
import { nowIso } from "../db";

/**
 * Every mail is written to the outbox table first (admins read it in the admin area, so the demo
 * works without a mail server). With SMTP_URL set it is also sent through nodemailer; the outbox
 * row records when it was sent or why sending failed.
 */
export function createMailer(db: DB, config: UpstreamConfig): Mailer {
  let transport: { sendMail: (m: object) => Promise<unknown> } | null = null;
  async function smtp() {
    if (!config.smtpUrl) return null;
    if (!transport) {
      const nodemailer = await import("nodemailer");
      transport = nodemailer.createTransport(config.smtpUrl);
    }
    return transport;
  }
  return {
    async send(mail) {
      const row = await db
        .insertInto("mail_outbox")
        .values({ to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, sent_at: null, error: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      const t = await smtp();
      if (t) {
        t.sendMail({ from: process.env.MAIL_FROM ?? "Aero Records <no-reply@localhost>", to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
          .then(() => db.updateTable("mail_outbox").set({ sent_at: nowIso() }).where("id", "=", row.id).execute())
          .catch((err: Error) => db.updateTable("mail_outbox").set({ error: String(err.message ?? err) }).where("id", "=", row.id).execute());
      }
      return row.id;
    },
  };
}
