import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest in a whole run on the 2-core machine (decision 123; seconds there), longest
 * first. Vitest's own order runs the projects one after another by name and, on a fresh clone with no timing
 * cache, a project's files by size: the testkit's upstream-catalogue file (≈ 100 s there) started among the
 * last and ran alone at the end. A stale entry only orders less well; one that names no file is reported.
 */
const LONGEST = [
  'e2e/visual/page-width.spec.ts', // 174
  'e2e/email/email-search.spec.ts', // 114
  'e2e/shell/accessibility.spec.ts', // 106
  'e2e/visual/screenshots.spec.ts', // 101
  'e2e/billing/email-plus-subscription.spec.ts', // 100
  'packages/testkit/test/upstream-catalogues.test.ts', // 99
  'e2e/email/evidence.spec.ts', // 89
  'e2e/accounts/accounts.spec.ts', // 85
  'e2e/admin/email-plus-orders.spec.ts', // 83
  'e2e/email/customer-screens.spec.ts', // 81
  'e2e/shell/legal-and-language.spec.ts', // 77
  'e2e/billing/billing.spec.ts', // 75
  'e2e/email/email-leads.spec.ts', // 66
  'e2e/billing/paying-customer.spec.ts', // 60
  'packages/server/test/mail-mode-process.test.ts', // 57
  'packages/server/test/mail-outbox.test.ts', // 54
  'packages/server/test/metrics.test.ts', // 46
  'e2e/graph/graph.spec.ts', // 46
  'packages/server/test/billing-issue-25.test.ts', // 45
];

/** The files of LONGEST first, in its order; then every other file in Vitest's order. */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((suffix) => file.moduleId.endsWith(`/${suffix}`));
      return index === -1 ? LONGEST.length : index;
    };
    // A filtered run (one project, one file) names only some of them: report only on a whole run.
    if (files.length > 150) {
      const missing = LONGEST.filter((suffix) => !files.some((f) => f.moduleId.endsWith(`/${suffix}`)));
      if (missing.length > 0) console.warn(`[sequencer] no such test file: ${missing.join(', ')}`);
    }
    return sorted
      .map((file, order) => ({ file, order, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ file }) => file);
  }
}
