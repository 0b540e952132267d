import { ACCOUNT_MESSAGES, type SendOtpResponse } from '@hound/contracts';
import { useState } from 'react';
import type { ApiAnswer } from '../../lib/api-fetch.ts';

/**
 * The first step of every code flow (sign-in, sign-up, address change): send the code, then know when
 * another may be asked for (the answer's `resend_after_seconds`, or a 429's `Retry-After`) and what went
 * wrong. `request` resolves true when the code step can follow.
 */
export function useCodeRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const request = async (send: () => Promise<ApiAnswer<SendOtpResponse>>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    const answer = await send();
    setBusy(false);
    if (answer.ok) {
      setResendAt(Date.now() + (answer.body?.resend_after_seconds ?? 60) * 1000);
      return true;
    }
    if (answer.retryAfter) setResendAt(Date.now() + answer.retryAfter * 1000);
    setError(answer.detail ?? ACCOUNT_MESSAGES.failedToSendCode);
    return false;
  };
  return { busy, error, setError, resendAt, setResendAt, request };
}
