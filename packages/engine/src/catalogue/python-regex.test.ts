import { describe, expect, it } from 'vitest';
import { translatePythonRegex } from './python-regex.ts';

function compile(pattern: string): RegExp {
  const t = translatePythonRegex(pattern);
  if (!t.ok) throw new Error(t.detail);
  return new RegExp(t.source, 'u');
}

describe('translatePythonRegex', () => {
  it('turns {,n} into {0,n}', () => {
    const re = compile('^[\\w-]{,34}$');
    expect(re.test('')).toBe(true);
    expect(re.test('a'.repeat(34))).toBe(true);
    expect(re.test('a'.repeat(35))).toBe(false);
    expect(re.test('{,34}')).toBe(false);
  });
  it('makes \\w and \\d Unicode-aware like Python 3', () => {
    expect(compile('^\\w{3,20}$').test('jörg_Ωmega')).toBe(true);
    expect(compile('^\\w+$').test('名前')).toBe(true);
    expect(compile('^\\w+$').test('a-b')).toBe(false);
    expect(compile('^\\d+$').test('١٢٣')).toBe(true);
    expect(compile('^[\\w.]+$').test('é.x')).toBe(true);
    expect(compile('^\\W$').test('-')).toBe(true);
  });
  it('keeps re.search semantics (unanchored)', () => {
    expect(compile('[a-z0-9]{4,16}').test('!!abcd!!')).toBe(true);
    expect(compile('\\w+_\\w+').test('-a_b-')).toBe(true);
  });
  it('handles dashes next to class escapes, literal braces and named groups', () => {
    expect(compile('^[\\w-_]+$').test('a-_b')).toBe(true);
    expect(compile('^a{b}$').test('a{b}')).toBe(true);
    expect(compile('^(?P<x>a)(?P=x)$').test('aa')).toBe(true);
    expect(compile('^[a-z-_.]{3,15}').test('a-b.c')).toBe(true);
    expect(compile('^\\bab\\b').test('ab')).toBe(true);
  });
  it('keeps lookarounds and \\u escapes', () => {
    expect(compile('^(?!-)[a-zA-Z0-9_.-]{2,255}(?<!\\.)$').test('ab.')).toBe(false);
    expect(compile('^[^\\u3040-\\u30ff]+$').test('あ')).toBe(false);
  });
  it('refuses what it cannot translate faithfully', () => {
    expect(translatePythonRegex('(?i)abc').ok).toBe(false);
    expect(translatePythonRegex('[\\W]').ok).toBe(false);
    expect(translatePythonRegex('a(?>b)').ok).toBe(false);
    expect(translatePythonRegex('[abc').ok).toBe(false);
  });
});
