/**
 * The stack's Grafana dashboards and Prometheus alerts (charts/chain-data-stack/files/dashboards/ and files/alerts/),
 * checked structurally: no Grafana and no Prometheus run where this project is built, so nothing here renders a
 * panel or evaluates a rule. What is checked: each file parses and has the shape Grafana and the Prometheus
 * Operator read, and every metric an expression names is one the code registers — a renamed metric breaks this
 * test. test/integration/stack-up.test.ts checks that a running stack serves each of them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { REPO_ROOT } from '../support/kube-tools.ts';
import {
  alertRules,
  dashboards,
  docAnchors,
  expressions,
  headingAnchor,
  metricCatalog,
  metricNamesIn,
  metricOf,
  monitoringDoc,
  panelsOf,
  PROM_CLIENT_DEFAULT_METRICS,
  registeredMetrics,
  type Panel,
} from '../support/monitoring.ts';

/** Grafana's own variables, which a query may name without defining them. */
const GRAFANA_VARIABLES = new Set(['__rate_interval', '__interval', '__range', '__range_s', '__interval_ms']);
const PANEL_TYPES = new Set(['row', 'timeseries', 'stat', 'table', 'state-timeline', 'gauge', 'bargauge']);

/** Parentheses, brackets and braces outside string literals close in order. */
function balanced(expr: string): boolean {
  const code = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  const open: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const c of code) {
    if (c === '(' || c === '[' || c === '{') open.push(c);
    else if (c in pairs && open.pop() !== pairs[c]) return false;
  }
  return open.length === 0;
}

describe('monitoring: the dashboards and alerts (structural checks; no Grafana or Prometheus runs here)', () => {
  const catalog = metricCatalog();

  describe('the catalog of metrics the stack exports', () => {
    it('finds the components’ metrics in the code, and lists prom-client’s defaults as prom-client registers them', async () => {
      const registered = registeredMetrics();
      expect(registered.get('chain_data_http_requests_total')).to.equal('counter');
      expect(registered.get('chain_data_http_request_duration_seconds')).to.equal('histogram');
      expect(registered.get('chain_data_grpc_server_handling_seconds')).to.equal('histogram');
      expect(registered.get('chain_data_db_pool_connections')).to.equal('gauge');
      expect(registered.get('chain_data_follower_lag_seconds')).to.equal('gauge');
      expect(registered.get('chain_data_rate_limit_fail_open')).to.equal('gauge');
      const registry = new Registry();
      collectDefaultMetrics({ register: registry });
      const defaults = Object.fromEntries(
        (await registry.getMetricsAsJSON()).map((m) => [m.name, `${m.type}`]),
      );
      expect(defaults).to.deep.equal(PROM_CLIENT_DEFAULT_METRICS);
    });

    it('reads a metric’s name from an expression, skipping label values and taking a histogram’s series as it', () => {
      expect(
        metricNamesIn(
          'sum by (le) (rate(chain_data_http_request_duration_seconds_bucket{route="chain_data_x"}[5m])) / on() nodejs_heap_size_used_bytes',
        ),
      ).to.deep.equal(['chain_data_http_request_duration_seconds_bucket', 'nodejs_heap_size_used_bytes']);
      expect(metricOf('chain_data_http_request_duration_seconds_bucket', catalog)).to.equal(
        'chain_data_http_request_duration_seconds',
      );
      expect(metricOf('chain_data_http_requests_total_count', catalog)).to.equal(undefined);
      expect(metricOf('chain_data_no_such_metric', catalog)).to.equal(undefined);
    });
  });

  describe('the dashboards', () => {
    const all = dashboards();

    it('are the four the docs describe, each with its own uid and title', () => {
      expect(all.map((d) => d.dashboard.title)).to.have.members([
        'Chain Data Stack — overview',
        'Chain Data Stack — component detail',
        'Chain Data Stack — ingestion lag',
        'Chain Data Stack — API usage by tier',
      ]);
      expect(new Set(all.map((d) => d.dashboard.uid)).size).to.equal(all.length);
      const doc = monitoringDoc();
      for (const { dashboard } of all)
        expect(doc, `docs/monitoring.md on ${dashboard.title}`).to.include(dashboard.title);
    });

    for (const { file, dashboard } of all) {
      describe(file, () => {
        const panels = panelsOf(dashboard);
        const variables = dashboard.templating?.list ?? [];

        it('is a dashboard of a current schema with a Prometheus data source variable', () => {
          expect(dashboard.schemaVersion).to.be.within(36, 41);
          expect(dashboard.uid).to.match(/^[a-zA-Z0-9_-]{1,40}$/);
          expect(variables.find((v) => v.name === 'datasource')).to.deep.include({
            type: 'datasource',
            query: 'prometheus',
          });
          expect(panels.length).to.be.greaterThan(3);
        });

        it('has unique panel ids, each panel placed on the 24-column grid without overlapping another', () => {
          const ids = panels.map((p) => p.id);
          expect(
            ids.every((id) => Number.isInteger(id)),
            'integer ids',
          ).to.be.true;
          expect(new Set(ids).size, 'unique ids').to.equal(ids.length);
          const cells = new Map<string, string>();
          for (const panel of panels) {
            const { h, w, x, y } = panel.gridPos ?? {};
            const what = `panel ${panel.id} "${panel.title}"`;
            for (const n of [h, w, x, y]) expect(Number.isInteger(n), `${what} gridPos`).to.be.true;
            expect(x! + w!, `${what} fits the grid`).to.be.at.most(24);
            expect(h! > 0 && w! > 0, `${what} has a size`).to.be.true;
            for (let row = y!; row < y! + h!; row++) {
              for (let column = x!; column < x! + w!; column++) {
                const other = cells.get(`${row}:${column}`);
                expect(other, `${what} overlaps ${other}`).to.equal(undefined);
                cells.set(`${row}:${column}`, what);
              }
            }
          }
        });

        it('gives every panel a title, a description, the data source variable and targets with a query', () => {
          for (const panel of panels) {
            const what = `panel ${panel.id} "${panel.title}"`;
            expect(PANEL_TYPES, `${what} type ${panel.type}`).to.include(panel.type);
            expect(panel.title, what).to.be.a('string').and.not.be.empty;
            if (panel.type === 'row') continue;
            expect(panel.description, `${what} description`).to.be.a('string').and.not.be.empty;
            expect(panel.datasource, `${what} datasource`).to.deep.equal({
              type: 'prometheus',
              uid: '${datasource}',
            });
            const targets = panel.targets ?? [];
            expect(targets, `${what} targets`).to.not.be.empty;
            expect(new Set(targets.map((t) => t.refId)).size, `${what} refIds`).to.equal(targets.length);
            for (const target of targets) {
              expect(target.expr?.trim(), `${what} ${target.refId} expr`).to.be.a('string').and.not.be.empty;
              expect(target.datasource, `${what} ${target.refId} datasource`).to.deep.equal(panel.datasource);
            }
          }
        });

        it('names only variables it defines (or Grafana’s own) and keeps its brackets balanced', () => {
          const defined = new Set([...variables.map((v) => v.name), ...GRAFANA_VARIABLES]);
          const queries = [
            ...panels.flatMap((p: Panel) => (p.targets ?? []).map((t) => t.expr ?? '')),
            ...variables.map((v) => (typeof v.query === 'string' ? v.query : (v.query?.query ?? ''))),
          ];
          for (const query of queries) {
            expect(balanced(query), query).to.be.true;
            for (const [, name] of query.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) {
              expect(defined, `$${name} in ${query}`).to.include(name);
            }
          }
        });
      });
    }
  });

  describe('the alerts (files/alerts/chain-data-stack.rules.yaml)', () => {
    const rules = alertRules().groups.flatMap((g) => g.rules);

    it('are groups of uniquely named rules, each with a for, a severity, a summary, a description and a runbook', () => {
      expect(alertRules().groups.length).to.be.greaterThan(0);
      expect(new Set(alertRules().groups.map((g) => g.name)).size).to.equal(alertRules().groups.length);
      expect(new Set(rules.map((r) => r.alert)).size).to.equal(rules.length);
      for (const rule of rules) {
        expect(rule.alert).to.match(/^ChainData[A-Za-z]+$/);
        expect(rule.for, rule.alert).to.match(/^[0-9]+[smh]$/);
        expect(['warning', 'critical'], rule.alert).to.include(rule.labels?.severity);
        expect(rule.annotations?.summary, rule.alert).to.be.a('string').and.not.be.empty;
        expect(rule.annotations?.description, rule.alert).to.be.a('string').and.not.be.empty;
        expect(balanced(rule.expr), rule.alert).to.be.true;
      }
    });

    it('point each runbook_url to the alert’s own section of docs/monitoring.md', () => {
      const anchors = docAnchors();
      for (const rule of rules) {
        expect(rule.annotations?.runbook_url, rule.alert).to.equal(
          `docs/monitoring.md#${headingAnchor(rule.alert)}`,
        );
        expect(anchors, `a "### ${rule.alert}" section`).to.include(headingAnchor(rule.alert));
      }
    });

    it('the operator’s copy (operator/builders/alert-rules.json, make crds) holds the same rules', () => {
      const copy = JSON.parse(
        readFileSync(join(REPO_ROOT, 'operator', 'builders', 'alert-rules.json'), 'utf8'),
      ) as { groups: unknown };
      expect(copy.groups, 'stale: run make crds').to.deep.equal(alertRules().groups);
    });
  });

  it('every metric every dashboard and alert names is one the stack exports', () => {
    const unknown: string[] = [];
    for (const { where, expr } of expressions()) {
      for (const series of metricNamesIn(expr)) {
        if (metricOf(series, catalog) === undefined) unknown.push(`${where}: ${series}`);
      }
    }
    expect(unknown, 'names no code registers (renamed? a typo?)').to.deep.equal([]);
  });

  it('every expression names at least one of the stack’s metrics', () => {
    for (const { where, expr } of expressions()) {
      expect(metricNamesIn(expr), `${where}: ${expr}`).to.not.be.empty;
    }
  });
});
