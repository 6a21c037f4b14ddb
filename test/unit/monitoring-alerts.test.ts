/**
 * The operator's per-stack PrometheusRule (operator/builders/monitoring.ts): the alerts of the chart's
 * files/alerts/, every series selector scoped to the stack's pods as its PodMonitor scrapes them.
 */
import { expect } from 'chai';
import type { ChainDataStack } from '../../operator/api/v1alpha1.ts';
import {
  ALERT_RULE_GROUPS,
  buildPrometheusRule,
  scopeSelectors,
  type AlertRuleGroup,
} from '../../operator/builders/monitoring.ts';
import type { Manifest } from '../../operator/builders/manifest.ts';
import { buildStack, stackImage } from '../../operator/builders/stack.ts';
import { defaultedCustomResource } from '../support/fake-kube-apiserver/index.ts';
import { alertRules, metricCatalog, metricNamesIn } from '../support/monitoring.ts';
import { readCrd, readSample } from '../support/operator-cluster.ts';

const CRD = readCrd();

function stack(monitoring: Record<string, unknown>, name = 'devnet', namespace = 'data'): ChainDataStack {
  const sample = readSample('devnet');
  return defaultedCustomResource(CRD, {
    ...sample,
    metadata: { name, namespace, uid: '0b6e2f7e-5d42-4c1e-9f0a-1c2d3e4f5a6b' },
    spec: { ...(sample.spec as object), monitoring },
  }) as unknown as ChainDataStack;
}

function rulesOf(manifest: Manifest | undefined): AlertRuleGroup[] {
  return (manifest?.spec as { groups: AlertRuleGroup[] }).groups;
}

describe('monitoring: the operator’s PrometheusRule of a stack', () => {
  const MATCHERS = 'namespace="data", job="data/devnet-components"';

  describe('scopeSelectors', () => {
    it('adds the matchers to every selector of the stack’s metrics, bare or with matchers of its own', () => {
      expect(scopeSelectors('sum(rate(chain_data_x_total[5m]))', 'a="b"')).to.equal(
        'sum(rate(chain_data_x_total{a="b"}[5m]))',
      );
      expect(scopeSelectors('chain_data_x{state="waiting"} > 0', 'a="b"')).to.equal(
        'chain_data_x{a="b", state="waiting"} > 0',
      );
      expect(scopeSelectors('nodejs_y {} + process_z\n{ k=~"v}" }', 'a="b"')).to.equal(
        'nodejs_y{a="b"} + process_z{a="b", k=~"v}"}',
      );
    });

    it('leaves alone what is no metric of the stack: functions, label names, strings, numbers, other metrics', () => {
      const expr =
        'max by (namespace, chain_label) (up{job="chain_data_x"}) > 1e3 and on (pod) label_replace(vector(0), "d", "chain_data_y", "", "") # chain_data_z';
      expect(scopeSelectors(expr, 'a="b"')).to.equal(expr);
    });

    it('scopes every metric of every alert', () => {
      for (const group of ALERT_RULE_GROUPS) {
        for (const rule of group.rules) {
          const scoped = scopeSelectors(rule.expr, MATCHERS);
          const names = metricNamesIn(rule.expr);
          expect(names, rule.alert).to.not.be.empty;
          for (const name of names) {
            const occurrences = rule.expr.split(new RegExp(`\\b${name}\\b`)).length - 1;
            const scopedOccurrences = scoped.split(`${name}{${MATCHERS}`).length - 1;
            expect(scopedOccurrences, `${rule.alert}: ${name}`).to.equal(occurrences);
          }
        }
      }
    });
  });

  it('is built only when spec.monitoring.prometheusRule.enabled', () => {
    const context = {
      image: stackImage(stack({}), 'chain-data:1'),
      databaseProvider: 'StatefulSet' as const,
    };
    expect(buildStack(stack({}), context).some((m) => m.kind === 'PrometheusRule')).to.be.false;
    const built = buildStack(stack({ prometheusRule: { enabled: true } }), context).filter(
      (m) => m.kind === 'PrometheusRule',
    );
    expect(built.map((m) => `${m.apiVersion} ${m.metadata.name}`)).to.deep.equal([
      'monitoring.coreos.com/v1 devnet-alerts',
    ]);
  });

  it('holds the chart’s alerts, each selector scoped to the stack’s namespace and PodMonitor job', () => {
    const rule = buildPrometheusRule(stack({ prometheusRule: { enabled: true } }), [
      { name: 'gateway-data' } as never,
    ]);
    expect(rule?.metadata.namespace).to.equal('data');
    expect(rule?.metadata.ownerReferences?.[0]?.name).to.equal('devnet');
    const groups = rulesOf(rule);
    const source = alertRules().groups;
    expect(groups.map((g) => g.name)).to.deep.equal(source.map((g) => g.name));
    for (const [i, group] of groups.entries()) {
      expect(group.rules.map((r) => r.alert)).to.deep.equal(source[i]!.rules.map((r) => r.alert));
      for (const [j, alert] of group.rules.entries()) {
        const original = source[i]!.rules[j]!;
        expect(alert.expr).to.equal(scopeSelectors(original.expr, MATCHERS));
        expect(alert.for).to.equal(original.for);
        expect(alert.labels).to.deep.equal(original.labels);
        // Without a base URL the runbook is the path in the repository.
        expect(alert.annotations).to.deep.equal(original.annotations);
      }
    }
    // Scoping adds matchers, never metrics.
    const catalog = metricCatalog();
    for (const alert of groups.flatMap((g) => g.rules)) {
      for (const name of metricNamesIn(alert.expr)) expect(catalog.has(name), name).to.be.true;
    }
  });

  it('adds the spec’s labels to the rule and to every alert (an alert’s own win), and the runbook base URL', () => {
    const rule = buildPrometheusRule(
      stack(
        {
          prometheusRule: {
            enabled: true,
            labels: { release: 'prometheus', 'app.kubernetes.io/instance': 'not-this' },
            alertLabels: { team: 'data', severity: 'info' },
            runbookBaseUrl: 'https://git.example/cds/blob/v1//',
          },
        },
        'eu',
        'stacks',
      ),
      [{ name: 'evm-data' } as never],
    );
    expect(rule?.metadata.name).to.equal('eu-alerts');
    expect(rule?.metadata.labels).to.deep.include({
      release: 'prometheus',
      'app.kubernetes.io/instance': 'eu',
      'app.kubernetes.io/component': 'alerts',
    });
    const alerts = rulesOf(rule).flatMap((g) => g.rules);
    const stalled = alerts.find((a) => a.alert === 'ChainDataFollowerStalled')!;
    expect(stalled.labels).to.deep.equal({ team: 'data', severity: 'critical' });
    expect(stalled.annotations?.runbook_url).to.equal(
      'https://git.example/cds/blob/v1/docs/monitoring.md#chaindatafollowerstalled',
    );
    expect(stalled.expr).to.include(
      'chain_data_follower_stalled{namespace="stacks", job="stacks/eu-components"}',
    );
  });

  it('takes only an http(s) URL as the runbook base (the CRD’s pattern)', () => {
    type Schema = { properties: Record<string, Schema>; pattern?: string };
    const root = (CRD.spec as { versions: { schema: { openAPIV3Schema: Schema } }[] }).versions[0]!.schema
      .openAPIV3Schema;
    const field = ['spec', 'monitoring', 'prometheusRule', 'runbookBaseUrl'].reduce(
      (schema, key) => schema.properties[key]!,
      root,
    );
    const pattern = new RegExp(field.pattern!);
    expect(pattern.test('https://git.example/cds/blob/v1/')).to.be.true;
    expect(pattern.test('docs/monitoring.md')).to.be.false;
  });
});
