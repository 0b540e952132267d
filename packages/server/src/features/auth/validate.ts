import {
  ACCOUNT_MESSAGES,
  dateOfBirthProblem,
  emailProblem,
  nameProblem,
  PASSWORD_LIMITS,
  type RegisterSendOtpRequest,
} from '@hound/contracts';
import { AppError } from '../../errors.ts';

/** Throws the spec's message for the first field that breaks a rule (spec 001 §5). */
export function validateEmail(email: string): string {
  const problem = emailProblem(email);
  if (problem)
    throw new AppError(
      'EMAIL_ADDRESS_INVALID',
      problem === ACCOUNT_MESSAGES.emailRequired ? ACCOUNT_MESSAGES.invalidEmail : problem,
    );
  return email.trim();
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string;
}

export function validateRegistration(body: RegisterSendOtpRequest, today: Date): Registration {
  const badEmail = emailProblem(body.email);
  const problem =
    nameProblem(body.first_name, 'first') ??
    nameProblem(body.last_name, 'last') ??
    badEmail ??
    dateOfBirthProblem(body.date_of_birth, today);
  if (problem) throw new AppError(problem === badEmail ? 'EMAIL_ADDRESS_INVALID' : 'INVALID_INPUT', problem);
  return {
    firstName: body.first_name.trim(),
    lastName: body.last_name.trim(),
    email: body.email.trim(),
    dateOfBirth: body.date_of_birth!.trim(),
  };
}

export function validatePassword(password: string): string {
  if (password.length < PASSWORD_LIMITS.min || password.length > PASSWORD_LIMITS.max)
    throw new AppError('INVALID_INPUT', ACCOUNT_MESSAGES.weakPassword);
  return password;
}
