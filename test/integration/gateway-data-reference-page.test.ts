import { existsSync } from 'node:fs';
import { expect } from 'chai';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { RestAdmission } from '../../services/runtime/rest/gateway.ts';
import { apiKeyOf } from '../../services/edge/edge.ts';
import type { EvmDataClient } from '../../services/gateway-data/routes/index.ts';
import { DomainError } from '../../services/runtime/errors.ts';
import { startTestDataGateway } from '../support/data-gateway.ts';

/**
 * gateway-data's API reference page (`GET /docs`) in a real headless Chromium, on a gateway whose admission refuses
 * callers without an API key: the page loads from the gateway alone (no request elsewhere, no console error, no
 * Content-Security-Policy violation but the one expected), lists every operation of the gateway's `/openapi.json`,
 * and Scalar's API client, given a key in its UI, sends a request that the gateway the page came from answers.
 */

// Debian's chromium package, which .ci/run installs.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SECRET = 'gateway-data-reference-page-test-secret';
const API_KEY = 'reference-page-test-key';

interface Operation {
  method: string;
  path: string;
  summary: string;
}

/** What a page did: every request it made, and everything that went wrong. */
interface PageRecord {
  requests: string[];
  problems: string[];
  violations: { directive: string; blocked: string }[];
}

async function recordPage(page: Page): Promise<PageRecord> {
  const record: PageRecord = { requests: [], problems: [], violations: [] };
  page.on('request', (request) => record.requests.push(request.url()));
  page.on('requestfailed', (request) =>
    record.problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) record.problems.push(`${response.status()} for ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') record.problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => record.problems.push(`uncaught: ${error.message}`));
  await page.exposeFunction('reportViolation', (directive: string, blocked: string) =>
    record.violations.push({ directive, blocked }),
  );
  // Added before any of the page's scripts runs; a string, since these tests are typed without the DOM.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      reportViolation(event.violatedDirective, event.blockedURI));`,
  });
  return record;
}

describe('gateway-data: the API reference page', function () {
  let gateway: { base: string; close(): Promise<void> };
  let browser: Browser;
  let operations: Operation[];
  const listChainsCalls: unknown[] = [];
  const admittedKeys: (string | undefined)[] = [];

  before(async function () {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(
        `no Chromium at ${CHROMIUM_PATH}: install Debian's chromium package (.ci/run does) or set CHROMIUM_PATH`,
      );
    // The one call the page's API client is made to send; every other evm-data call is refused.
    const evmData = new Proxy({} as EvmDataClient, {
      get: (_client, method) => (request: unknown) => {
        if (method !== 'ListChains')
          return Promise.reject(new DomainError('unavailable', `no ${String(method)} in this test`));
        listChainsCalls.push(request);
        return Promise.resolve({ chains: [] });
      },
    });
    const admission: RestAdmission = {
      admit: (ctx) => {
        const apiKey = apiKeyOf(ctx.headers);
        admittedKeys.push(apiKey);
        if (apiKey !== API_KEY) throw new DomainError('unauthenticated', 'an API key is required');
      },
    };
    gateway = await startTestDataGateway({ evmData, admission, pageTokenSecret: SECRET });
    const document = (await (await fetch(`${gateway.base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
      })),
    );
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  });

  after(async function () {
    await browser?.close();
    await gateway?.close();
  });

  it('loads from the gateway alone, with no error, for a caller without a key, and shows every operation', async function () {
    // The routes themselves refuse this caller: the page and its document are outside the admission.
    expect((await fetch(`${gateway.base}/v1/chains`)).status).to.equal(401);

    const page = await browser.newPage();
    const record = await recordPage(page);
    const bundle = page.waitForResponse((response) => response.url().endsWith('/standalone.js'));
    const response = await page.goto(`${gateway.base}/docs`, { waitUntil: 'networkidle' });
    expect(response?.status()).to.equal(200);
    expect(response?.headers()['content-security-policy']).to.include("default-src 'self'");
    expect(await page.title()).to.equal('Data API reference (chain-data gateway-data)');
    expect((await bundle).headers()['cache-control']).to.include('immutable');

    // Scalar's sidebar links each operation as #METHOD/path, collapsed groups included.
    await page.locator('a[href="#GET/v1/chains"]').waitFor({ state: 'attached' });
    const operationLinks = (
      await Promise.all((await page.locator('a[href^="#"]').all()).map((link) => link.getAttribute('href')))
    ).filter((href) => href !== null && /^#[A-Z]+\//.test(href));
    expect([...new Set(operationLinks)].sort()).to.deep.equal(
      operations.map(({ method, path }) => `#${method}${path}`).sort(),
    );
    const text = await page.locator('body').innerText();
    const unshown = operations.filter(({ summary }) => !text.includes(summary));
    expect(unshown, 'operations whose summary the page does not show').to.deep.equal([]);

    expect(record.problems).to.deep.equal([]);
    // The policy refuses eval, which Scalar's bundled zod tries once before validating without it; nothing else.
    const refused = record.violations.filter((v) => !(v.directive === 'script-src' && v.blocked === 'eval'));
    expect(refused, 'Content-Security-Policy violations').to.deep.equal([]);
    const elsewhere = record.requests.filter((url) => new URL(url).origin !== gateway.base);
    expect(elsewhere, 'requests to anywhere but the gateway').to.deep.equal([]);
    expect(admittedKeys, 'callers the routes saw').to.deep.equal([undefined]);
    await page.close();
  });

  it("sends a request from Scalar's API client, with a key entered in it, to the gateway the page came from", async function () {
    const page = await browser.newPage();
    const record = await recordPage(page);
    await page.goto(`${gateway.base}/docs#GET/v1/chains`, { waitUntil: 'networkidle' });
    await page
      .locator('[id$="/GET/v1/chains"]')
      .getByRole('button', { name: /test request/i })
      .click();
    const client = page.getByRole('dialog');
    await client.getByRole('button', { name: /select auth type/i }).click();
    await page.getByRole('option', { name: /dataApiKey/ }).click();
    await client.getByRole('textbox', { name: 'Value', exact: true }).fill(API_KEY);

    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/chains');
    await client.getByRole('button', { name: /send get request/i }).click();
    const response = await answered;
    expect(new URL(response.url()).origin).to.equal(gateway.base);
    expect(response.status()).to.equal(200);
    expect(response.request().headers()['x-data-api-key']).to.equal(API_KEY);
    expect(await response.json()).to.deep.equal({ chains: [] });
    expect(listChainsCalls).to.have.length(1);
    await client.getByText('"chains": []').waitFor();

    expect(record.problems).to.deep.equal([]);
    const elsewhere = record.requests.filter((url) => new URL(url).origin !== gateway.base);
    expect(elsewhere, 'requests to anywhere but the gateway').to.deep.equal([]);
    await page.close();
  });

  it('serves the Scalar bundle of the installed version only', async function () {
    const page = await (await fetch(`${gateway.base}/docs`)).text();
    const bundlePath = /<script src="([^"]+)"/.exec(page)?.[1];
    expect(bundlePath).to.match(/^\/docs\/scalar\/\d+\.\d+\.\d+[^/]*\/standalone\.js$/);
    const bundle = await fetch(`${gateway.base}${bundlePath}`);
    expect(bundle.status).to.equal(200);
    expect(bundle.headers.get('content-type')).to.match(/^text\/javascript/);
    await bundle.body?.cancel();
    expect((await fetch(`${gateway.base}/docs/scalar/0.0.0/standalone.js`)).status).to.equal(404);
    expect(
      (await fetch(`${gateway.base}${bundlePath!.replace('standalone.js', 'index.js')}`)).status,
    ).to.equal(404);
  });
});
