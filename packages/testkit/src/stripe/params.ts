/**
 * Typed reads of parsed form parameters. Every read knows its full parameter name (`line_items[0][price]`),
 * so a bad value fails with the `param` Stripe would name. Unknown parameters are ignored rather than
 * rejected: Hound may pass options the fake has no behaviour for (locale, allow_promotion_codes…).
 */
import { invalid, required } from './errors.ts';
import type { FormObject, FormValue } from './form.ts';

export type Metadata = Record<string, string>;

export class Params {
  constructor(
    private readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  raw(key: string): FormValue | undefined {
    return this.values[key];
  }

  string(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalid(`Invalid string: ${this.name(key)} must be a string.`, this.name(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw required(this.name(key));
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalid(`Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`, this.name(key));
    }
    return value as T;
  }

  integer(key: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value) || parsed < min || parsed > max) {
      throw invalid(
        `Invalid integer: ${value}${min > 0 || max < Number.MAX_SAFE_INTEGER ? ` (must be ${min}–${max})` : ''}`,
        this.name(key),
        'parameter_invalid_integer',
      );
    }
    return parsed;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') {
      throw invalid(`Invalid boolean: ${value}`, this.name(key), 'parameter_invalid_boolean');
    }
    return value === 'true';
  }

  /** A nested hash (`subscription_data[…]`). */
  child(key: string): Params | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string' || Array.isArray(value)) {
      if (value === '') return new Params({}, this.name(key));
      throw invalid(`Invalid hash: ${this.name(key)} must be a hash.`, this.name(key), 'parameter_invalid_hash');
    }
    return new Params(value, this.name(key));
  }

  /** An array of hashes (`line_items[0][…]`), each element a Params named `line_items[i]`. */
  list(key: string): Params[] | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      throw invalid(`Invalid array: ${this.name(key)} must be an array.`, this.name(key), 'parameter_invalid_array');
    }
    return value.map((element, i) => {
      if (typeof element !== 'object' || Array.isArray(element)) {
        throw invalid(`Invalid hash: ${this.name(key)}[${i}] must be a hash.`, `${this.name(key)}[${i}]`);
      }
      return new Params(element, `${this.name(key)}[${i}]`);
    });
  }

  /** An array of strings (`expand[0]`, `lookup_keys[]`). A single `key=value` counts as one element. */
  strings(key: string): string[] {
    const value = this.values[key];
    if (value === undefined || value === '') return [];
    const list = Array.isArray(value) ? value : [value];
    return list.map((v, i) => {
      if (typeof v !== 'string') throw invalid(`Invalid string: ${this.name(key)}[${i}].`, `${this.name(key)}[${i}]`);
      return v;
    });
  }

  /**
   * Metadata as Stripe applies it to `current`: keys set to '' are removed, `metadata=` clears everything,
   * at most 50 keys of ≤ 40 characters with values of ≤ 500.
   */
  metadata(key = 'metadata', current: Metadata = {}): Metadata {
    const value = this.values[key];
    if (value === undefined) return { ...current };
    if (value === '') return {};
    if (typeof value === 'string') throw invalid('Invalid metadata: must be a hash.', this.name(key));
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    const next = { ...current };
    for (const [k, v] of entries) {
      const param = `${this.name(key)}[${k}]`;
      if (typeof v !== 'string') throw invalid(`Invalid metadata value for ${k}: must be a string.`, param);
      if (k.length > 40) throw invalid('Metadata keys can be at most 40 characters long.', param);
      if (v.length > 500) throw invalid('Metadata values can be at most 500 characters long.', param);
      if (v === '') delete next[k];
      else next[k] = v;
    }
    if (Object.keys(next).length > 50) throw invalid('Metadata can have at most 50 keys.', this.name(key));
    return next;
  }
}
