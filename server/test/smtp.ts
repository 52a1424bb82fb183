import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** A real SMTP server in the test process: every mail it receives is parsed and kept. */
export interface TestSmtp {
  url: string;
  mails: ParsedMail[];
  /** Mails to `address` (case-insensitive). */
  to(address: string): ParsedMail[];
  /** Waits until `n` mails to `address` arrived (or fails after `ms`). */
  waitFor(address: string, n?: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          mails.push(m);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  const to = (address: string) =>
    mails.filter((m) => [m.to].flat().some((a) => a?.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())));
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    to,
    async waitFor(address, n = 1, ms = 10_000) {
      const end = Date.now() + ms;
      while (to(address).length < n) {
        if (Date.now() > end) throw new Error(`expected ${n} mail(s) to ${address}, got ${to(address).length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to PUBLIC_URL in a mail's text. */
export function linkIn(mail: ParsedMail): string {
  const m = /https?:\/\/\S+\?token=[\w-]+/.exec(mail.text ?? '');
  if (!m) throw new Error(`no link in mail: ${mail.text}`);
  return m[0];
}
export const tokenIn = (mail: ParsedMail) => new URL(linkIn(mail)).searchParams.get('token')!;
