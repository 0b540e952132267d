/** Fills `{name}` placeholders of a catalogue string. Unknown placeholders stay visible so they get noticed. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export interface PluralForms {
  one: string;
  other: string;
}

export function plural(
  forms: PluralForms,
  count: number,
  locale: string,
  values: Record<string, string | number> = {},
) {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? forms.one : forms.other;
  return fill(form, { count: count.toLocaleString(locale), ...values });
}

export function formatSeconds(ms: number, locale: string): string {
  const s = ms / 1000;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: s < 10 ? 1 : 0 }).format(s);
}
