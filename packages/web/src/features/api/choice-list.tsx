import { muted } from '../../components/ui.ts';
import { labelClass } from '../auth/auth-frame.tsx';

/** Checkboxes for a set of named choices (a key's scopes, an endpoint's events), each with its wire name. */
export function ChoiceList<T extends string>(props: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  chosen: readonly T[];
  onChange(chosen: T[]): void;
  className?: string;
}) {
  const { chosen } = props;
  return (
    <fieldset>
      <legend className={labelClass}>{props.legend}</legend>
      <div className={`mt-2 ${props.className ?? 'space-y-2'}`}>
        {props.options.map((option) => (
          <label key={option} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={chosen.includes(option)}
              onChange={(e) =>
                props.onChange(e.target.checked ? [...chosen, option] : chosen.filter((x) => x !== option))
              }
            />
            <span>
              {props.labels[option]} <code className={`text-xs ${muted}`}>{option}</code>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
