/**
 * A small strict parser of the Prometheus text exposition format (0.0.4), for tests: every sample must
 * belong to a family announced by `# HELP` and `# TYPE`, names and labels must be well formed, values
 * must be numbers. prom-client has no parser of its own.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\[\\"n])*)"(?:,|$)/;
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseValue(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): Inf and NaN in any case; prom-client writes `Nan`.
  if (/^\+?inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = LABEL.exec(rest);
    if (!match) throw new Error(`bad labels in: ${line}`);
    if (match[1]! in labels) throw new Error(`repeated label in: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(match[0].length);
  }
  return labels;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  let current: Family | undefined;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = new RegExp(`^# HELP (${NAME}) (.*)$`).exec(line);
    if (help) {
      if (families.has(help[1]!)) throw new Error(`family announced twice: ${help[1]}`);
      current = { name: help[1]!, help: help[2]!, type: 'untyped', samples: [] };
      families.set(current.name, current);
      continue;
    }
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      if (!current || current.name !== type[1]) throw new Error(`TYPE without its HELP: ${line}`);
      current.type = type[2] as Family['type'];
      continue;
    }
    if (line.startsWith('#')) throw new Error(`unexpected comment: ${line}`);
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`bad sample line: ${line}`);
    const name = sample[1]!;
    if (!current || !SUFFIXES[current.type].some((s) => name === current!.name + s))
      throw new Error(`sample outside its family: ${line}`);
    current.samples.push({ name, labels: parseLabels(sample[2] ?? '', line), value: parseValue(sample[3]!, line) });
  }
  return families;
}

/** The value of the sample `name` whose labels include `labels` (0 when absent, as Prometheus reads a new series). */
export function sampleSum(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const family = [...families.values()].find((f) => f.samples.some((s) => s.name === name) || f.name === name);
  const found = family?.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return (found ?? []).reduce((sum, s) => sum + s.value, 0);
}
