/** Email Plus fulfilment in the admin area (spec 001 §1 Email Plus; issue: order queue, report, delivery). */
import { z } from 'zod';
import { MyOrderSchema, OrderStatusSchema } from './billing.ts';
import { EmailAccountSchema, EmailRecordSchema } from './email.ts';
import { pageQuery } from './paging.ts';

export const REPORT_FIELDS = [
  'full_name',
  'home_address',
  'family_members',
  'social_profiles',
  'email_addresses',
  'notes',
  'sources',
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

export const REPORT_LIMITS = { fieldMax: 5000, reasonMin: 5, reasonMax: 1000 } as const;

export const EMAIL_PLUS_MESSAGES = {
  orderNotFound: 'No such Email Plus order.',
  notOpen: 'This order is already closed.',
  refunded: 'The payment for this order was refunded; the report cannot be delivered.',
  disputed: 'The payment for this order is disputed; delivery is held until the dispute is closed.',
  disputeLost: 'The payment for this order was taken back by a dispute; the report cannot be delivered.',
  reportEmpty: 'Write at least the full name or the notes before delivering.',
  reasonRequired: 'Give the customer a reason (5–1000 characters).',
  refundFailed: 'The refund failed; the order is unchanged.',
} as const;

export const ReportSchema = z.object(
  Object.fromEntries(REPORT_FIELDS.map((f) => [f, z.string().max(REPORT_LIMITS.fieldMax).default('')])) as Record<
    ReportField,
    z.ZodDefault<z.ZodString>
  >,
);
export type Report = z.infer<typeof ReportSchema>;

export const AdminOrderSchema = z.object({
  id: z.string(),
  customer_email: z.string(),
  customer_name: z.string(),
  target_email: z.string(),
  purpose: z.string(),
  status: OrderStatusSchema,
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  paid_at: z.string().nullable(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  delivered_at: z.string().nullable(),
  refused_reason: z.string().nullable(),
  /** Stripe's status of a dispute of the payment (`needs_response`, `under_review`, `won`, `lost` …), if any. */
  dispute_status: z.string().nullable(),
  /** Other payments of this order (two tabs paying one lead) that were refunded, their subscriptions ended. */
  duplicate_payments: z.number().int(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrdersQuerySchema = z.object({
  status: z
    .enum(['open', 'paid', 'in_progress', 'delivered', 'refused', 'refunded', 'disputed', 'all'])
    .default('open'),
  ...pageQuery({ max: 200, default: 50 }),
});
export const AdminOrdersResponseSchema = z.object({ items: z.array(AdminOrderSchema), total: z.number().int() });

/** One order with its report draft and the automated search's found accounts (prefill). */
export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  report: ReportSchema.nullable(),
  search: z
    .object({
      id: z.string(),
      status: z.string(),
      accounts: z.array(EmailAccountSchema),
      data: z.array(EmailRecordSchema),
    })
    .nullable(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const RefuseOrderRequestSchema = z.object({ reason: z.string().max(2000) });
export const ReportPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });

/** `GET /me/email-plus/orders/{id}`: a delivered order with its report, for the customer to reopen and print. */
export const MyOrderReportSchema = MyOrderSchema.extend({ report: ReportSchema });
export type MyOrderReport = z.infer<typeof MyOrderReportSchema>;
