import type { FormEvent, InputHTMLAttributes } from 'react';
import { button } from '../../components/ui.ts';
import { errorClass, inputClass, labelClass } from '../auth/auth-frame.tsx';
import { ChoiceList } from './choice-list.tsx';

/**
 * The form that creates a thing whose secret is shown once (an API key, a webhook endpoint): one text field,
 * its choices (scopes, events), the error, the submit button. The keys and webhooks sections share it.
 */
export function SecretForm<Choice extends string>(props: {
  id: string;
  label: string;
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;
  choices: Parameters<typeof ChoiceList<Choice>>[0];
  error: string | null;
  busy: boolean;
  /** Also disables the button (an empty required field). */
  blocked?: boolean;
  submit: string;
  submitting: string;
  onSubmit(event: FormEvent): void;
}) {
  return (
    <form onSubmit={props.onSubmit} className="space-y-3" noValidate>
      <div>
        <label htmlFor={props.id} className={labelClass}>
          {props.label}
        </label>
        <input id={props.id} {...props.input} className={inputClass} />
      </div>
      <ChoiceList {...props.choices} />
      {props.error && (
        <p role="alert" className={errorClass}>
          {props.error}
        </p>
      )}
      <button type="submit" disabled={props.busy || props.blocked} className={button.primary}>
        {props.busy ? props.submitting : props.submit}
      </button>
    </form>
  );
}
