import type { CatalogueFormat, InvalidReason, Reason, RuleOutcome, Verdict } from '../model.ts';

export interface CombinedOutcome {
  verdict: Verdict;
  reason?: Reason;
  /** The deciding rules joined, or what went wrong. */
  rule: string;
  /** Catalogues whose rules produced the verdict (empty for unknown/invalid). */
  agreed: CatalogueFormat[];
  /** Every rule set's own outcome, in input order. */
  outcomes: RuleOutcome[];
  detail?: string;
}

const INVALID_PRIORITY: InvalidReason[] = ['unsupported_username', 'unsupported_check', 'disabled'];

/**
 * Merges the outcomes of one site's checks (docs/decisions/021-site-merging.md):
 * - found and not_found both present → unknown `conflict`, every outcome kept as evidence;
 * - otherwise any decision wins over unknown/invalid outcomes of other rule sets (those were about a
 *   different request that could not be read), with `agreed` listing the deciding catalogues;
 * - no decision: the first unknown (its reason), else invalid by priority
 *   unsupported_username > unsupported_check > disabled.
 * @throws TypeError for an empty list
 */
export function combineOutcomes(outcomes: readonly RuleOutcome[]): CombinedOutcome {
  if (outcomes.length === 0) throw new TypeError('combineOutcomes needs at least one outcome');
  const all = [...outcomes];
  const deciding = all.filter((o) => o.verdict === 'found' || o.verdict === 'not_found');
  const formats = (list: RuleOutcome[]) => [...new Set(list.map((o) => o.format))];

  if (deciding.length > 0) {
    const verdicts = new Set(deciding.map((o) => o.verdict));
    if (verdicts.size > 1) {
      const summary = deciding.map((o) => `${o.format} says ${o.verdict} (${o.rule})`).join('; ');
      return {
        verdict: 'unknown',
        reason: 'conflict',
        rule: `catalogues disagree: ${summary}`,
        agreed: [],
        outcomes: all,
      };
    }
    const rule = deciding.length === 1 ? deciding[0]!.rule : deciding.map((o) => `${o.format}: ${o.rule}`).join('; ');
    const detail = deciding.find((o) => o.detail !== undefined)?.detail;
    return {
      verdict: deciding[0]!.verdict,
      rule,
      agreed: formats(deciding),
      outcomes: all,
      ...(detail !== undefined ? { detail } : {}),
    };
  }
  const undecided =
    all.find((o) => o.verdict === 'unknown') ??
    INVALID_PRIORITY.map((r) => all.find((o) => o.reason === r)).find((o) => o !== undefined) ??
    all[0]!;
  return {
    verdict: undecided.verdict,
    ...(undecided.reason !== undefined ? { reason: undecided.reason } : {}),
    rule: all.length === 1 ? undecided.rule : `${undecided.format}: ${undecided.rule}`,
    agreed: [],
    outcomes: all,
    ...(undecided.detail !== undefined ? { detail: undecided.detail } : {}),
  };
}
