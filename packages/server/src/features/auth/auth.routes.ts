import {
  AccessTokenResponseSchema,
  DetailErrorSchema,
  LoginSendOtpRequestSchema,
  PasswordLoginRequestSchema,
  PasswordRegisterRequestSchema,
  RegisterSendOtpRequestSchema,
  SendOtpResponseSchema,
  UserSchema,
  VerifyOtpRequestSchema,
} from '@hound/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from './auth-deps.ts';
import { caller, sessionCookieOptions } from './guard.ts';
import { mailLanguage } from './mail-language.ts';
import { passwordLogin } from './password-login.ts';
import { removePassword } from './remove-password.ts';
import { sendCode } from './send-code.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { describeClient, revokeAllSessions, revokeSession } from './sessions.ts';
import { toUserResponse } from './to-user-response.ts';
import { validateEmail, validatePassword, validateRegistration } from './validate.ts';
import { verifyCode } from './verify-code.ts';

const errors = {
  400: DetailErrorSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  429: DetailErrorSchema,
  503: DetailErrorSchema,
};
const tags = ['accounts'];

function client(request: FastifyRequest): string {
  return describeClient(request.headers['user-agent']);
}

function tokenAnswer(token: string) {
  return { access_token: token, token_type: 'bearer' as const };
}

export const authRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  const cookies = sessionCookieOptions(deps.options);
  /** A new session: the browser's cookie, and the JSON token for API clients (spec 001 §7). */
  const signedIn = (reply: FastifyReply, token: string) => {
    setSessionCookie(reply, token, cookies);
    return tokenAnswer(token);
  };

  app.post(
    '/auth/register/send-otp',
    {
      schema: {
        summary: 'Start registration: mail a 6-digit code',
        description:
          'The same answer for every valid request, whether or not the address already has an account (that address gets a mail saying so instead of a code). 429 with `Retry-After` within 60 s of the last code or over the hourly caps.',
        tags,
        body: RegisterSendOtpRequestSchema,
        response: { 200: SendOtpResponseSchema, ...errors },
      },
    },
    async (request) => {
      const registration = validateRegistration(request.body, deps.now());
      const language = mailLanguage(request);
      return sendCode(deps, {
        purpose: 'register',
        email: registration.email,
        pending: { ...registration, language },
        ip: request.ip,
        language,
        requestId: request.body.request_id,
      });
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        summary: 'Start registration with a password (spec 000): the account exists once its code is verified',
        tags,
        body: PasswordRegisterRequestSchema,
        response: { 200: SendOtpResponseSchema, ...errors },
      },
    },
    async (request) => {
      const registration = validateRegistration(request.body, deps.now());
      const password = validatePassword(request.body.password);
      const language = mailLanguage(request);
      return sendCode(deps, {
        purpose: 'register',
        email: registration.email,
        pending: { ...registration, language },
        password,
        ip: request.ip,
        language,
        requestId: request.body.request_id,
      });
    },
  );

  app.post(
    '/auth/register/verify-otp',
    {
      schema: {
        summary: 'Finish registration with the mailed code',
        description: 'Creates the account and answers a bearer token. Every failure is "Invalid code".',
        tags,
        body: VerifyOtpRequestSchema,
        response: { 200: AccessTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token } = await verifyCode(deps, {
        purpose: 'register',
        email: validateEmail(request.body.email),
        code: request.body.code,
        client: client(request),
        ip: request.ip,
        requestId: request.body.request_id,
      });
      return signedIn(reply, token);
    },
  );

  app.post(
    '/auth/login/send-otp',
    {
      schema: {
        summary: 'Sign in: mail a 6-digit code',
        description:
          'The same answer for known and unknown addresses (an unknown one gets a mail pointing to registration). 429 with `Retry-After` within 60 s of the last code or over the hourly caps.',
        tags,
        body: LoginSendOtpRequestSchema,
        response: { 200: SendOtpResponseSchema, ...errors },
      },
    },
    async (request) => {
      const language = mailLanguage(request);
      return sendCode(deps, {
        purpose: 'login',
        email: validateEmail(request.body.email),
        ip: request.ip,
        language,
        requestId: request.body.request_id,
      });
    },
  );

  app.post(
    '/auth/login/verify-otp',
    {
      schema: {
        summary: 'Sign in with the mailed code',
        description:
          'Answers a bearer token. Five wrong codes from the caller that asked for a code kill that code; other callers share five wrong codes per address (decision 093). Every failure is "Invalid code".',
        tags,
        body: VerifyOtpRequestSchema,
        response: { 200: AccessTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token } = await verifyCode(deps, {
        purpose: 'login',
        email: validateEmail(request.body.email),
        code: request.body.code,
        client: client(request),
        ip: request.ip,
        requestId: request.body.request_id,
      });
      return signedIn(reply, token);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with a password (accounts that chose one)',
        tags,
        body: PasswordLoginRequestSchema,
        response: { 200: AccessTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token } = await passwordLogin(deps, {
        email: validateEmail(request.body.email),
        password: request.body.password,
        client: client(request),
        ip: request.ip,
      });
      return signedIn(reply, token);
    },
  );

  app.get(
    '/auth/me',
    {
      config: { auth: 'user' },
      schema: { summary: 'The signed-in user', tags, response: { 200: UserSchema, 401: DetailErrorSchema } },
    },
    async (request) => toUserResponse(caller(request).user),
  );

  app.delete(
    '/me/password',
    {
      schema: {
        summary: 'Remove the password: the account signs in by code only; its other sessions are revoked',
        tags,
        response: { 200: UserSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = caller(request);
      return toUserResponse(await removePassword(deps.db, user.id, sessionId, deps.now()));
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { auth: 'user' },
      schema: { summary: 'Revoke this session', tags, response: { 204: z.null(), 401: DetailErrorSchema } },
    },
    async (request, reply) => {
      await revokeSession(deps.db, caller(request).sessionId);
      clearSessionCookie(reply, cookies);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/logout-all',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Revoke every session of this user',
        tags,
        response: { 204: z.null(), 401: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      await revokeAllSessions(deps.db, caller(request).user.id);
      clearSessionCookie(reply, cookies);
      return reply.code(204).send(null);
    },
  );
};
