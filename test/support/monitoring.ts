/**
 * The stack's dashboards and alerts as the tests read them (charts/chain-data-stack/files/, docs/monitoring.md), and
 * the metrics they name: test/unit/monitoring-dashboards.test.ts checks those against what the code registers,
 * test/integration/stack-up.test.ts against what a running stack serves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { CHART_DIR, REPO_ROOT } from './kube-tools.ts';
import type { AlertRuleGroup } from '../../operator/builders/monitoring.ts';

export const DASHBOARDS_DIR = join(CHART_DIR, 'files', 'dashboards');
export const ALERTS_FILE = join(CHART_DIR, 'files', 'alerts', 'chain-data-stack.rules.yaml');

export interface Target {
  refId?: string;
  expr?: string;
  datasource?: { type?: string; uid?: string };
}

export interface Panel {
  id?: number;
  type?: string;
  title?: string;
  description?: string;
  datasource?: { type?: string; uid?: string };
  gridPos?: { h?: number; w?: number; x?: number; y?: number };
  targets?: Target[];
  panels?: Panel[];
}

export interface Dashboard {
  uid?: string;
  title?: string;
  schemaVersion?: number;
  panels?: Panel[];
  templating?: {
    list?: { name: string; type: string; query?: string | { query?: string }; definition?: string }[];
  };
}

export type { AlertRule } from '../../operator/builders/monitoring.ts';

export interface AlertRules {
  groups: AlertRuleGroup[];
}

export function dashboards(): { file: string; dashboard: Dashboard }[] {
  return readdirSync(DASHBOARDS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({
      file: relative(REPO_ROOT, join(DASHBOARDS_DIR, file)),
      dashboard: JSON.parse(readFileSync(join(DASHBOARDS_DIR, file), 'utf8')) as Dashboard,
    }));
}

/** Every panel, those inside collapsed rows too. */
export function panelsOf(dashboard: Dashboard): Panel[] {
  return (dashboard.panels ?? []).flatMap((p) => [p, ...(p.panels ?? [])]);
}

export function alertRules(): AlertRules {
  return parse(readFileSync(ALERTS_FILE, 'utf8')) as AlertRules;
}

/** Every PromQL expression of the dashboards (panels' targets, variables' queries) and of the alerts, with where. */
export function expressions(): { where: string; expr: string }[] {
  const found: { where: string; expr: string }[] = [];
  for (const { file, dashboard } of dashboards()) {
    for (const panel of panelsOf(dashboard)) {
      for (const target of panel.targets ?? []) {
        found.push({ where: `${file}: panel "${panel.title}" ${target.refId}`, expr: target.expr ?? '' });
      }
    }
    for (const variable of dashboard.templating?.list ?? []) {
      if (variable.type !== 'query') continue;
      const query = typeof variable.query === 'string' ? variable.query : (variable.query?.query ?? '');
      found.push({ where: `${file}: variable ${variable.name}`, expr: query });
    }
  }
  for (const group of alertRules().groups) {
    for (const rule of group.rules) found.push({ where: `alert ${rule.alert}`, expr: rule.expr });
  }
  return found;
}

/** The names of the stack's metrics: its own (chain_data_*) and prom-client's defaults (process_*, nodejs_*). */
export const STACK_METRIC_PREFIX = /^(chain_data_|process_|nodejs_)/;

/**
 * The metric names an expression mentions, as written (a histogram's series with their `_bucket`, `_sum` or `_count`):
 * every identifier of the stack's prefixes outside string literals (label values, regular expressions).
 */
export function metricNamesIn(expr: string): string[] {
  const code = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  const names = new Set<string>();
  for (const match of code.matchAll(/(?<![A-Za-z0-9_:])[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    if (STACK_METRIC_PREFIX.test(match[0])) names.add(match[0]);
  }
  return [...names];
}

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';
/** The stack's metrics by name, with their type. */
export type MetricCatalog = ReadonlyMap<string, MetricType>;

const HISTOGRAM_SERIES = /_(bucket|sum|count)$/;

/**
 * The metric a series name belongs to in the catalog: itself, or for a histogram's `_bucket`, `_sum` and `_count`,
 * the histogram. Undefined when it is none of them.
 */
export function metricOf(series: string, catalog: MetricCatalog): string | undefined {
  if (catalog.has(series)) return series;
  const base = series.replace(HISTOGRAM_SERIES, '');
  return base !== series && catalog.get(base) === 'histogram' ? base : undefined;
}

/** Every metric the dashboards and alerts name, with the first place each is named. */
export function usedMetrics(catalog: MetricCatalog): Map<string, string> {
  const used = new Map<string, string>();
  for (const { where, expr } of expressions()) {
    for (const series of metricNamesIn(expr)) {
      const metric = metricOf(series, catalog) ?? series;
      if (!used.has(metric)) used.set(metric, where);
    }
  }
  return used;
}

/** How the code makes a metric: prom-client's classes, or runtime/telemetry/metrics.ts's helpers. */
const MAKERS: [RegExp, MetricType][] = [
  [/\bnew Counter\b|\bcounterIn\(/g, 'counter'],
  [/\bnew Gauge\b|\bgaugeIn\(|\bsampleInto\(/g, 'gauge'],
  [/\bnew Histogram\b|\bhistogramIn\(/g, 'histogram'],
  [/\bnew Summary\b/g, 'summary'],
];

/**
 * The metrics the code registers: every `name: 'chain_data_…'` literal under services/ (the components' metrics;
 * the operator's own are not the stack's), typed by the maker closest before it, so that renaming one breaks the
 * tests of what names it.
 */
export function registeredMetrics(): Map<string, MetricType> {
  const metrics = new Map<string, MetricType>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated') walk(path);
      } else if (entry.name.endsWith('.ts')) {
        const source = readFileSync(path, 'utf8');
        for (const match of source.matchAll(/\bname:\s*'(chain_data_[a-z0-9_]+)'/g)) {
          let type: MetricType | undefined;
          let at = -1;
          for (const [maker, makes] of MAKERS) {
            for (const found of source.slice(0, match.index).matchAll(maker)) {
              if (found.index > at) [at, type] = [found.index, makes];
            }
          }
          if (!type) throw new Error(`${path}: no metric maker before ${match[1]}`);
          metrics.set(match[1]!, type);
        }
      }
    }
  };
  walk(join(REPO_ROOT, 'services'));
  return metrics;
}

/**
 * prom-client's default metrics, which runComponent turns on for every component (collectDefaultMetrics). Listed
 * here rather than read from prom-client so that a dashboard naming one prom-client stops exporting fails loudly:
 * monitoring-dashboards.test.ts checks this list against what prom-client registers on this machine (Linux; the
 * event loop's percentiles need perf_hooks, which Node has).
 */
export const PROM_CLIENT_DEFAULT_METRICS: Readonly<Record<string, MetricType>> = {
  process_cpu_user_seconds_total: 'counter',
  process_cpu_system_seconds_total: 'counter',
  process_cpu_seconds_total: 'counter',
  process_start_time_seconds: 'gauge',
  process_resident_memory_bytes: 'gauge',
  process_virtual_memory_bytes: 'gauge',
  process_heap_bytes: 'gauge',
  process_open_fds: 'gauge',
  process_max_fds: 'gauge',
  nodejs_eventloop_lag_seconds: 'gauge',
  nodejs_eventloop_lag_min_seconds: 'gauge',
  nodejs_eventloop_lag_max_seconds: 'gauge',
  nodejs_eventloop_lag_mean_seconds: 'gauge',
  nodejs_eventloop_lag_stddev_seconds: 'gauge',
  nodejs_eventloop_lag_p50_seconds: 'gauge',
  nodejs_eventloop_lag_p90_seconds: 'gauge',
  nodejs_eventloop_lag_p99_seconds: 'gauge',
  nodejs_active_resources: 'gauge',
  nodejs_active_resources_total: 'gauge',
  nodejs_active_handles: 'gauge',
  nodejs_active_handles_total: 'gauge',
  nodejs_active_requests: 'gauge',
  nodejs_active_requests_total: 'gauge',
  nodejs_heap_size_total_bytes: 'gauge',
  nodejs_heap_size_used_bytes: 'gauge',
  nodejs_external_memory_bytes: 'gauge',
  nodejs_heap_space_size_total_bytes: 'gauge',
  nodejs_heap_space_size_used_bytes: 'gauge',
  nodejs_heap_space_size_available_bytes: 'gauge',
  nodejs_version_info: 'gauge',
  nodejs_gc_duration_seconds: 'histogram',
};

/** What the dashboards and alerts may name: the code's metrics and prom-client's defaults. */
export function metricCatalog(): Map<string, MetricType> {
  return new Map([...registeredMetrics(), ...Object.entries(PROM_CLIENT_DEFAULT_METRICS)]);
}

/** The names of the series a Prometheus text exposition has samples of (not those it only describes). */
export function sampledSeries(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const line of exposition.split('\n')) {
    const match = /^([A-Za-z_:][A-Za-z0-9_:]*)[{ ]/.exec(line);
    if (match) names.add(match[1]!);
  }
  return names;
}

/** The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function monitoringDoc(): string {
  return readFileSync(join(REPO_ROOT, 'docs', 'monitoring.md'), 'utf8');
}

/** The anchors of docs/monitoring.md's headings. */
export function docAnchors(): Set<string> {
  return new Set(
    monitoringDoc()
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => headingAnchor(line.replace(/^#+ /, ''))),
  );
}
