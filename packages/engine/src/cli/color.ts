export interface Palette {
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

const COLORS: Palette = {
  green: wrap(32, 39),
  red: wrap(31, 39),
  yellow: wrap(33, 39),
  dim: wrap(2, 22),
  bold: wrap(1, 22),
};
const PLAIN: Palette = { green: (t) => t, red: (t) => t, yellow: (t) => t, dim: (t) => t, bold: (t) => t };

/** Colours only on a terminal, and never with `--no-color` or a non-empty NO_COLOR (no-color.org). */
export function palette(isTTY: boolean | undefined, noColorFlag: boolean, env: NodeJS.ProcessEnv): Palette {
  return isTTY && !noColorFlag && !env.NO_COLOR ? COLORS : PLAIN;
}

/** Removes terminal control characters from text that came from a catalogue or a site. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

/** The line marker of a printed result: `[+]` found, `[-]` not found, `[?]` unknown, `[!]` invalid. */
export function verdictMark(out: Palette, verdict: 'found' | 'not_found' | 'unknown' | 'invalid'): string {
  return { found: out.green('[+]'), not_found: out.dim('[-]'), unknown: out.yellow('[?]'), invalid: out.dim('[!]') }[
    verdict
  ];
}

/** "1 site", "2 sites": a count with its noun, singular for one (English, the CLI's language). */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
