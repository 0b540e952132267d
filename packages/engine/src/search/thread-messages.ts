/** What the engine and its search threads say to each other (structured-cloned messages). */
import type { CheckBaseline } from '../health/baseline.ts';
import type { FactsMode, Site, SiteResult } from '../model.ts';
import type { ResolvedTransportOptions } from '../transport/options.ts';
import type { ControlAnswer } from './control-probe.ts';

/** A thread's `workerData`: the sites (sent once) and the transport settings (a function cannot cross). */
export interface ThreadStart {
  sites: readonly Site[];
  transport: Omit<ResolvedTransportOptions, 'connect'>;
  /** How much lower than the process's main thread's the thread's priority is (a nice increment; Linux only). */
  nice: number;
}

export type ToThread =
  /** `selection`: [index into `sites`, indexes into that site's `checks`] per selected site. */
  | {
      type: 'search';
      id: number;
      username: string;
      selection: Array<[number, number[]]>;
      timeoutMs?: number;
      /** The self-test's baselines of the selected checks (decision 100). */
      baselines?: Array<[string, CheckBaseline]>;
      facts?: FactsMode;
    }
  /** Control answers the engine has (its self-test's, its data dir's), merged into the thread's (decision 127). */
  | { type: 'controls'; controls: Record<string, ControlAnswer> }
  | { type: 'cancel'; id: number }
  | { type: 'close' };

export type FromThread =
  | { type: 'results'; id: number; results: SiteResult[] }
  | { type: 'end'; id: number }
  | { type: 'failed'; id: number; message: string };
