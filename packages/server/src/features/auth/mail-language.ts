import type { FastifyRequest } from 'fastify';
import type { MailLanguage } from '../../mail/templates/account-mails.ts';

/** Mails go out in the language the page was in (the web app sends it as Accept-Language). */
export function mailLanguage(request: FastifyRequest): MailLanguage {
  return /^tr\b/i.test(request.headers['accept-language'] ?? '') ? 'tr' : 'en';
}
