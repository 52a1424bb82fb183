import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, uniqueEmail } from '../../../test/helpers.js';
import { tokenIn, type TestSmtp } from '../../../test/smtp.js';

/** Staff test steps through the API: invite (mail), accept (set password), sign in. */
export function staffSteps(app: FastifyInstance, smtp: TestSmtp) {
  const invite = (ownerToken: string, body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/staff', headers: bearer(ownerToken), payload: body });
  const accept = (token: string, password = 'personel-sifre-1') =>
    app.inject({ method: 'POST', url: '/api/staff/accept', payload: { token, password, password_confirmation: password } });
  const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

  /** Invites `role` and returns the invitation token from the mail that arrived. */
  async function invited(ownerToken: string, role: string, email = uniqueEmail('personel'), name = 'Mehmet Kaya') {
    const before = smtp.to(email).length;
    const res = await invite(ownerToken, { email, name, role });
    const body = res.json<{ status: number; member: { id: number } }>();
    expect(body.status, res.body).toBe(200);
    await app.mailer.idle();
    const mails = await smtp.waitFor(email, before + 1);
    return { email, name, id: body.member.id, token: tokenIn(mails[mails.length - 1]) };
  }

  /** An active staff member with a session. */
  async function member(ownerToken: string, role: string) {
    const inv = await invited(ownerToken, role);
    expect((await accept(inv.token)).json<{ status: number }>().status).toBe(200);
    const res = await login(inv.email, 'personel-sifre-1');
    const signedIn = res.json<{ status: number; token: string }>();
    expect(signedIn.status, res.body).toBe(200);
    return { ...inv, password: 'personel-sifre-1', session: signedIn.token, userId: (await app.db.selectFrom('users').select('id').where('email', '=', inv.email).executeTakeFirstOrThrow()).id };
  }
  return { invite, accept, login, invited, member };
}
