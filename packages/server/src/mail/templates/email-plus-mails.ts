/**
 * Email Plus mails: the delivered report and the refusal notice. The report is the admin's text, escaped,
 * in the branded frame; only sections with content are shown.
 */
import { REPORT_FIELDS, type Report } from '@hound/contracts';
import type { MailMessage } from '../mailer.ts';
import { composeMail, type MailBlock } from './layout.ts';

export const REPORT_TITLES: Record<(typeof REPORT_FIELDS)[number], string> = {
  full_name: 'Full name',
  home_address: 'Home address',
  family_members: 'Family members',
  social_profiles: 'Social media profiles',
  email_addresses: 'Email addresses',
  notes: 'Notes',
  sources: 'Sources',
};

const FOOTER =
  'This report was prepared by a person from public sources for the purpose you stated when ordering. Use it lawfully.';

export function reportMail(
  to: string,
  input: { brand: string; target: string; report: Report; orderId: string; reopenUrl?: string },
): MailMessage {
  const subject = `Your ${input.brand} Email Plus report on ${input.target}`;
  const blocks: MailBlock[] = [
    { kind: 'text', text: `Here is the Email Plus report you ordered on ${input.target} (order ${input.orderId}).` },
    ...REPORT_FIELDS.filter((f) => input.report[f].trim() !== '').map(
      (f): MailBlock => ({ kind: 'section', title: REPORT_TITLES[f], text: input.report[f].trim() }),
    ),
    ...(input.reopenUrl
      ? [{ kind: 'link', label: 'Open it in your dashboard to print or save it', url: input.reopenUrl } as const]
      : []),
  ];
  const content = { subject, blocks, summary: `Email Plus report for order ${input.orderId}` };
  return composeMail(to, input.brand, 'en', content, FOOTER);
}

export function refusalMail(
  to: string,
  input: {
    brand: string;
    target: string;
    reason: string;
    orderId: string;
    refunded: boolean;
    /** The order was a period of an Email Plus subscription, which now ends (no further charges). */
    subscriptionEnded?: boolean;
  },
): MailMessage {
  const subject = `Your ${input.brand} Email Plus order could not be fulfilled`;
  const blocks: MailBlock[] = [
    { kind: 'text', text: `We could not prepare the Email Plus report on ${input.target} (order ${input.orderId}).` },
    { kind: 'section', title: 'Reason', text: input.reason },
    {
      kind: 'text',
      text: input.refunded
        ? 'Your payment has been refunded in full; it reaches your card within 5–10 business days.'
        : 'No payment was taken for this order.',
    },
  ];
  if (input.subscriptionEnded) {
    blocks.push({
      kind: 'text',
      text: 'Your Email Plus subscription for this address has ended: nothing more will be charged.',
    });
  }
  const content = { subject, blocks, summary: `Email Plus refusal for order ${input.orderId}` };
  return composeMail(to, input.brand, 'en', content, '');
}
