import {
  DetailErrorSchema,
  EmailChangeRequestSchema,
  SendOtpResponseSchema,
  UserSchema,
  VerifyOtpRequestSchema,
} from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../auth/guard.ts';
import { mailLanguage } from '../auth/mail-language.ts';
import { toUserResponse } from '../auth/to-user-response.ts';
import { confirmEmailChange, type EmailChangeDeps, requestEmailChange } from './change-email.ts';

const tags = ['accounts'];
const errors = {
  400: DetailErrorSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  422: DetailErrorSchema,
  429: DetailErrorSchema,
};

/** Moving the signed-in account to another address (issue 38 item 5d); under `/me`, so a session is required. */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ deps: EmailChangeDeps }> = async (app, { deps }) => {
  app.post(
    '/me/email/change',
    {
      schema: {
        summary: 'Ask to move my account to another address: a 6-digit code is mailed there',
        description:
          'The same answer whether or not the address already has an account (that address gets a mail saying so instead of a code). The limits of sign-in codes apply (60 s cooldown, hourly caps; 429 with `Retry-After`).',
        tags,
        body: EmailChangeRequestSchema,
        response: { 200: SendOtpResponseSchema, ...errors },
      },
    },
    async (request) =>
      requestEmailChange(deps, caller(request).user, {
        email: request.body.email,
        ip: request.ip,
        language: mailLanguage(request),
        requestId: request.body.request_id,
      }),
  );

  app.post(
    '/me/email/verify',
    {
      schema: {
        summary: 'Move my account to the address with the code mailed there',
        description:
          'Only the account that asked can use the code. The old address is told; Stripe’s customer follows. Every failure is "Invalid code".',
        tags,
        body: VerifyOtpRequestSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) =>
      toUserResponse(
        await confirmEmailChange(deps, caller(request).user, {
          email: request.body.email,
          code: request.body.code,
          ip: request.ip,
          requestId: request.body.request_id,
        }),
      ),
  );
};
