import { useId } from 'react';

/** The watch pages' text field and select: full width in their cell, never wider than a phone. */
export const field =
  'mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** A select under its label, the row the watch form, the watch's settings and the digest settings share. */
export function LabelledSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: NoInfer<T>): void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="block min-w-0 text-sm font-medium">
      {label}
      <select
        id={id}
        className={field}
        value={value}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
