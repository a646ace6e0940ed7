import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.js';

/** One mail: plain text for every reader, HTML for those that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; resolves once the mail server accepted the message (or it was logged), rejects when it failed. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Where mail is logged, and mail that failed (the server's logger, or noLog for a script). */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Logs nothing: for a script that sends no mail (the demo seed). */
export const noLog: MailLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A mail server that does not answer must not hold a send (nor a shutdown waiting for it) for minutes, as
 * nodemailer's defaults would (2 minutes to connect, 10 of silence).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Mail through the SMTP server of `url` (smtp:// or smtps://, user and password in the URL), from `from`. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without a mail server the message goes to the log instead: in development the whole text at info level, so the
 * developer can open the link. In production only that a mail was not sent: its link would let anyone who reads
 * the log into the account.
 */
export function logMailer(log: MailLog, production: boolean): Mailer {
  return {
    async send({ to, subject, text }) {
      if (production) log.warn({ to, subject }, 'mail not sent: SMTP_URL is not set');
      else log.info({ to, subject, text }, 'mail not sent (SMTP_URL is not set): its text is logged instead');
    },
  };
}

/** The app's mailer: SMTP when SMTP_URL is set, else the log. */
export function createMailer(config: AppConfig, log: MailLog): Mailer {
  if (config.smtpUrl) {
    if (!config.mailFrom) throw new Error('MAIL_FROM is required when SMTP_URL is set');
    return smtpMailer(config.smtpUrl, config.mailFrom);
  }
  return logMailer(log, config.env === 'production');
}
