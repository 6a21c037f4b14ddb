import { readFileSync } from 'node:fs';
import type { ChainDataStack } from '../api/v1alpha1.ts';
import { OPS_PORT, type Workload } from './components.ts';
import { childName, LABELS, type Manifest, metadata } from './manifest.ts';

export const POD_MONITOR_API_VERSION = 'monitoring.coreos.com/v1';
export const POD_MONITOR_CRD = 'podmonitors.monitoring.coreos.com';
export const PROMETHEUS_RULE_API_VERSION = 'monitoring.coreos.com/v1';
export const PROMETHEUS_RULE_CRD = 'prometheusrules.monitoring.coreos.com';
/** The `<stack>-<suffix>` names of the two children. */
export const POD_MONITOR_SUFFIX = 'components';
export const PROMETHEUS_RULE_SUFFIX = 'alerts';

/** The Prometheus Operator's PodMonitor for the stack's components: each pod's ops port serves /metrics. */
export function buildPodMonitor(stack: ChainDataStack, workloads: Workload[]): Manifest | undefined {
  const { podMonitor } = stack.spec.monitoring;
  if (!podMonitor.enabled || workloads.length === 0) return undefined;
  const base = metadata(stack, 'metrics', childName(stack, POD_MONITOR_SUFFIX));
  return {
    apiVersion: POD_MONITOR_API_VERSION,
    kind: 'PodMonitor',
    // The user's labels (what a Prometheus selects PodMonitors by) never replace the operator's own.
    metadata: { ...base, labels: { ...podMonitor.labels, ...base.labels } },
    spec: {
      selector: {
        matchLabels: { [LABELS.name]: 'chain-data', [LABELS.instance]: stack.metadata.name },
        matchExpressions: [{ key: LABELS.component, operator: 'In', values: workloads.map((w) => w.name) }],
      },
      podMetricsEndpoints: [{ port: 'ops', path: '/metrics', interval: podMonitor.interval }],
    },
  };
}

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface AlertRuleGroup {
  name: string;
  interval?: string;
  rules: AlertRule[];
}

/**
 * The stack's alerts, as the chart keeps them (charts/chain-data-stack/files/alerts/chain-data-stack.rules.yaml, the
 * one source): `make crds` writes this JSON copy next to the builders, so that the operator's image, which holds
 * operator/ and no chart and no YAML parser, has them; `make crd-check` fails when the copy is stale.
 */
export const ALERT_RULE_GROUPS: readonly AlertRuleGroup[] = (
  JSON.parse(readFileSync(new URL('./alert-rules.json', import.meta.url), 'utf8')) as {
    groups: AlertRuleGroup[];
  }
).groups;

/**
 * The Prometheus Operator's PrometheusRule with the stack's alerts, every series selector scoped to the stack's pods
 * as its PodMonitor scrapes them: their namespace, and the PodMonitor's job (`<namespace>/<stack>-components`, the
 * job label the Prometheus Operator gives a PodMonitor's targets), so that two stacks of one namespace alert apart.
 */
export function buildPrometheusRule(stack: ChainDataStack, workloads: Workload[]): Manifest | undefined {
  const { prometheusRule } = stack.spec.monitoring;
  if (!prometheusRule.enabled || workloads.length === 0) return undefined;
  const base = metadata(stack, PROMETHEUS_RULE_SUFFIX);
  const namespace = stack.metadata.namespace;
  const matchers = `namespace="${namespace}", job="${namespace}/${childName(stack, POD_MONITOR_SUFFIX)}"`;
  return {
    apiVersion: PROMETHEUS_RULE_API_VERSION,
    kind: 'PrometheusRule',
    metadata: { ...base, labels: { ...prometheusRule.labels, ...base.labels } },
    spec: {
      groups: ALERT_RULE_GROUPS.map((group) => ({
        ...group,
        rules: group.rules.map((rule) => ({
          ...rule,
          expr: scopeSelectors(rule.expr, matchers),
          // The rule's own labels (severity) win over the user's, as the chart merges them.
          labels: { ...prometheusRule.alertLabels, ...rule.labels },
          ...(rule.annotations
            ? { annotations: withRunbookBase(rule.annotations, prometheusRule.runbookBaseUrl) }
            : {}),
        })),
      })),
    },
  };
}

function withRunbookBase(
  annotations: Record<string, string>,
  base: string | undefined,
): Record<string, string> {
  const path = annotations.runbook_url;
  if (!base || path === undefined) return annotations;
  return { ...annotations, runbook_url: `${base.replace(/\/+$/, '')}/${path}` };
}

/** The metrics of the stack (chain_data_*, and prom-client's process_* and nodejs_*): what the rules select. */
const STACK_METRIC = /^(chain_data_|process_|nodejs_)/;
const IDENTIFIER_START = /[A-Za-z_:]/;
const IDENTIFIER_PART = /[A-Za-z0-9_:]/;

/**
 * `expr` with `matchers` added to the selector of every metric of the stack it names: `m` becomes `m{matchers}`,
 * `m{a="b"}` becomes `m{matchers, a="b"}`. A lexer of PromQL's tokens as far as that needs: string literals and
 * comments are copied untouched, identifiers that are not the stack's metrics (functions, keywords, label names in
 * `by (…)`) too.
 */
export function scopeSelectors(expr: string, matchers: string): string {
  let out = '';
  let i = 0;
  const stringEnd = (from: number): number => {
    const quote = expr[from];
    let j = from + 1;
    while (j < expr.length && expr[j] !== quote) j += expr[j] === '\\' && quote !== '`' ? 2 : 1;
    if (j >= expr.length) throw new Error(`unterminated string in ${JSON.stringify(expr)}`);
    return j + 1;
  };
  while (i < expr.length) {
    const c = expr[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = stringEnd(i);
      out += expr.slice(i, end);
      i = end;
    } else if (c === '#') {
      const end = expr.indexOf('\n', i);
      const stop = end === -1 ? expr.length : end;
      out += expr.slice(i, stop);
      i = stop;
    } else if (/[0-9.]/.test(c)) {
      // A number or a duration (1e3, 0x1f, 5m): its letters are no identifier.
      let j = i + 1;
      while (j < expr.length && /[0-9A-Za-z_.]/.test(expr[j]!)) j++;
      out += expr.slice(i, j);
      i = j;
    } else if (IDENTIFIER_START.test(c)) {
      let j = i + 1;
      while (j < expr.length && IDENTIFIER_PART.test(expr[j]!)) j++;
      const word = expr.slice(i, j);
      out += word;
      i = j;
      if (!STACK_METRIC.test(word)) continue;
      let k = i;
      while (k < expr.length && /\s/.test(expr[k]!)) k++;
      if (expr[k] !== '{') {
        out += `{${matchers}}`;
        continue;
      }
      let close = k + 1;
      while (close < expr.length && expr[close] !== '}') {
        close =
          expr[close] === '"' || expr[close] === "'" || expr[close] === '`' ? stringEnd(close) : close + 1;
      }
      if (close >= expr.length) throw new Error(`unclosed selector of ${word} in ${JSON.stringify(expr)}`);
      const inner = expr.slice(k + 1, close).trim();
      out += `{${matchers}${inner ? `, ${inner}` : ''}}`;
      i = close + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Where Prometheus may scrape from: the namespaces the spec names, on the ops port only. */
export function opsIngressRule(stack: ChainDataStack): Record<string, unknown> {
  return {
    from: [{ namespaceSelector: { matchLabels: stack.spec.monitoring.namespaceSelector } }],
    ports: [{ port: OPS_PORT, protocol: 'TCP' }],
  };
}
