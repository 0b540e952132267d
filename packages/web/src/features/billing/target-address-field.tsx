import { errorClass, inputClass, labelClass } from '../auth/auth-frame.tsx';

/**
 * The address an Email Plus report searches: the card's "Email to investigate" and a subscription's "New
 * address" are the same field (label, email input, the problem below it and tied to it).
 */
export function TargetAddressField({
  id,
  label,
  value,
  onChange,
  problem,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | null;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="email"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        className={inputClass}
      />
      {problem && (
        <p id={errorId} className={errorClass}>
          {problem}
        </p>
      )}
    </div>
  );
}
