/**
 * `hound email --list`: every email check (tab-separated, one a line) with what the catalogue lint says of
 * it (a loud check says why it is loud: a reset mail, a sign-in code, a wrong password), then the totals — how many checks, loud, adult, keyed and unsourced ones, how many a default search asks
 * and needs nothing for (neither loud, adult nor keyed), and the lint's findings by kind.
 */
import { type EmailCheck, loudReason } from '../email/catalogue-format.ts';
import { type EmailLintFinding, lintEmailChecks } from '../email/lint-email-check.ts';
import { printable } from './color.ts';
import type { CliIo } from './io.ts';

function verdict(findings: EmailLintFinding[]): string {
  if (findings.length === 0) return 'lint ok';
  return findings.map((f) => `${f.severity} ${f.code}: ${printable(f.detail)}`).join('; ');
}

export function listEmailChecks(checks: readonly EmailCheck[], io: CliIo, loud: boolean, adult = false): void {
  const findings = lintEmailChecks(checks);
  const byCheck = new Map<string, EmailLintFinding[]>();
  const counts = new Map<string, number>();
  for (const f of findings) {
    byCheck.set(f.checkId, [...(byCheck.get(f.checkId) ?? []), f]);
    counts.set(`${f.severity} ${f.code}`, (counts.get(`${f.severity} ${f.code}`) ?? 0) + 1);
  }
  for (const c of checks) {
    const flags = [
      c.loud ? `${loud ? 'loud (on)' : 'loud (off)'}: ${loudReason(c)}` : '',
      c.adult ? (adult ? 'adult (on)' : 'adult (off)') : '',
      c.needs ? `needs ${c.needs}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    io.stdout.write(
      `${c.id}\t${printable(c.name)}\t${c.domain}\t${c.category}\t${c.method}\t${flags || '-'}\t${verdict(byCheck.get(c.id) ?? [])}\n`,
    );
  }
  const weak = findings.filter((f) => f.severity === 'weak');
  const kinds = [...counts].map(([kind, n]) => `${kind} ×${n}`).sort();
  io.stdout.write(
    `\n${checks.length} checks (${checks.filter((c) => c.loud).length} loud, ${checks.filter((c) => c.adult).length} adult, ` +
      `${checks.filter((c) => c.needs).length} keyed, ${checks.filter((c) => c.source.length === 0).length} unsourced; ` +
      `${checks.filter((c) => !c.loud && !c.adult && !c.needs).length} quiet, asked by default); ` +
      `lint: ${weak.length} weak finding(s) in ${new Set(weak.map((f) => f.checkId)).size} check(s)` +
      `${kinds.length ? ` — ${kinds.join(', ')}` : ''}\n`,
  );
}
