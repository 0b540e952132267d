/**
 * Translates a Python `re` pattern (as used by Sherlock's and Maigret's `regexCheck`) into a JS pattern
 * with the same meaning under the `u` flag:
 * - `{,n}` (Python: 0..n; JS: a literal) becomes `{0,n}`; a `{` that is no quantifier is escaped;
 * - `\w`, `\d`, `\b` become Unicode-aware like Python 3's (`\w` = letters, numbers, `_`);
 * - `(?P<name>…)` / `(?P=name)` become `(?<name>…)` / `\k<name>`;
 * - a `-` next to a class escape inside `[…]` is a literal in Python and is escaped for JS.
 * Matching stays `re.search` semantics: test with `RegExp.prototype.test` (unanchored).
 */
export type RegexTranslation = { ok: true; source: string } | { ok: false; detail: string };

const WORD = '\\p{L}\\p{N}_';
const WORD_BOUNDARY = `(?:(?<=[${WORD}])(?![${WORD}])|(?<![${WORD}])(?=[${WORD}]))`;
const NOT_WORD_BOUNDARY = `(?:(?<=[${WORD}])(?=[${WORD}])|(?<![${WORD}])(?![${WORD}]))`;
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
// Escapes whose meaning is the same in Python and JS (`u` mode).
const SAME = new Set([...'sSntrfv0123456789']);

export function translatePythonRegex(pattern: string): RegexTranslation {
  let out = '';
  let inClass = false;
  let classStart = 0; // index in `out` just after `[` or `[^`
  let prevWasClassEscape = false;
  let i = 0;
  const fail = (why: string): RegexTranslation => ({ ok: false, detail: `${why} in ${JSON.stringify(pattern)}` });

  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const e = pattern[i + 1];
      if (e === undefined) return fail('trailing backslash');
      i += 2;
      let emitted: string;
      let classEscape = false;
      if (e === 'w') [emitted, classEscape] = [inClass ? WORD : `[${WORD}]`, true];
      else if (e === 'W') {
        if (inClass) return fail('\\W inside a character class is not supported');
        emitted = `[^${WORD}]`;
      } else if (e === 'd') [emitted, classEscape] = ['\\p{Nd}', true];
      else if (e === 'D') [emitted, classEscape] = ['\\P{Nd}', true];
      else if (e === 's' || e === 'S') [emitted, classEscape] = [`\\${e}`, true];
      else if (e === 'b') emitted = inClass ? '\\x08' : WORD_BOUNDARY;
      else if (e === 'B') {
        if (inClass) return fail('\\B inside a character class');
        emitted = NOT_WORD_BOUNDARY;
      } else if (e === 'A') emitted = '^';
      else if (e === 'Z') emitted = '$';
      else if (e === 'x') {
        const hex = pattern.slice(i, i + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) return fail('bad \\x escape');
        emitted = `\\x${hex}`;
        i += 2;
      } else if (e === 'u') {
        const hex = pattern.slice(i, i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) return fail('bad \\u escape');
        emitted = `\\u${hex}`;
        i += 4;
      } else if (e === 'U') {
        const hex = pattern.slice(i, i + 8);
        if (!/^[0-9a-fA-F]{8}$/.test(hex)) return fail('bad \\U escape');
        emitted = `\\u{${hex.replace(/^0+(?=.)/, '')}}`;
        i += 8;
      } else if (SAME.has(e) || SYNTAX.has(e)) emitted = `\\${e}`;
      else if (e === '-') emitted = inClass ? '\\-' : '-';
      else if (/[A-Za-z]/.test(e)) return fail(`unsupported escape \\${e}`);
      else emitted = e; // Python allows escaping any punctuation; in JS `u` mode only syntax characters.
      out += emitted;
      prevWasClassEscape = classEscape && inClass;
      continue;
    }

    if (inClass) {
      if (c === ']' && out.length > classStart) {
        inClass = false;
        out += ']';
      } else if (c === ']') {
        out += '\\]'; // Python: `]` first in a class is a literal
      } else if (c === '[') {
        out += '\\[';
      } else if (c === '-') {
        const next = pattern[i + 1];
        const nextIsClassEscape = next === '\\' && /[wdsWDS]/.test(pattern[i + 2] ?? '');
        out += prevWasClassEscape || nextIsClassEscape ? '\\-' : '-';
      } else {
        out += c;
      }
      prevWasClassEscape = false;
      i++;
      continue;
    }

    if (c === '[') {
      inClass = true;
      out += '[';
      i++;
      if (pattern[i] === '^') {
        out += '^';
        i++;
      }
      classStart = out.length;
      prevWasClassEscape = false;
      continue;
    }
    if (c === '{') {
      const quantifier = /^\{(\d*)(,?)(\d*)\}/.exec(pattern.slice(i));
      if (quantifier && (quantifier[1] !== '' || quantifier[3] !== '') && out.length > 0) {
        const [text, min, comma, max] = quantifier;
        out += `{${min === '' ? '0' : min}${comma}${max}}`;
        i += text.length;
      } else {
        out += '\\{';
        i++;
      }
      continue;
    }
    if (c === '}') {
      out += '\\}';
      i++;
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2);
      if (rest.startsWith('P<')) {
        out += '(?<';
        i += 4;
        continue;
      }
      const backref = /^P=(\w+)\)/.exec(rest);
      if (backref) {
        out += `\\k<${backref[1]}>`;
        i += 2 + backref[0].length;
        continue;
      }
      if (rest.startsWith('#')) {
        const close = pattern.indexOf(')', i);
        if (close === -1) return fail('unterminated comment');
        i = close + 1;
        continue;
      }
      if (/^[aiLmsux-]/.test(rest)) return fail('inline flags are not supported');
    }
    out += c;
    i++;
  }
  if (inClass) return fail('unterminated character class');
  try {
    new RegExp(out, 'u');
  } catch (error) {
    return fail(`does not compile in JS (${(error as Error).message})`);
  }
  return { ok: true, source: out };
}
