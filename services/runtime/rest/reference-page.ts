import { createReadStream, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';

/**
 * `GET /docs`: the gateway's API reference, Scalar's (`@scalar/api-reference`) rendering of the gateway's own
 * `/openapi.json`, with its API client to try the routes. Everything the page loads comes from this gateway — the
 * page, Scalar's browser bundle (served from the installed package) and the document — so it works where the
 * stack has no way out, and the Content-Security-Policy holds the page to that.
 */
const REFERENCE_PAGE_PATH = '/docs';

// The browser bundle is not among the package's exports; its entry point is, and the bundle sits beside it.
const scalarEntry = import.meta.resolve('@scalar/api-reference');
const scalarVersion = (
  JSON.parse(readFileSync(new URL('../package.json', scalarEntry), 'utf8')) as { version: string }
).version;
/** What the bundle's URL may name: the bundle and its source map (which devtools ask for beside it). */
const SCALAR_FILES = new Map([
  ['standalone.js', { file: new URL('browser/standalone.js', scalarEntry), type: 'text/javascript' }],
  [
    'standalone.js.map',
    { file: new URL('browser/standalone.js.map', scalarEntry), type: 'application/json' },
  ],
]);
// The version in the path lets browsers keep the bundle for good: an upgrade changes the URL the page names.
const SCALAR_BUNDLE_PATH = `${REFERENCE_PAGE_PATH}/scalar/${scalarVersion}/standalone.js`;

/**
 * Scalar's settings, for a page that talks to nothing but this gateway: no web fonts from Scalar's CDN, no
 * telemetry, none of its hosted services (the agent chat, MCP, the developer tools' registry, the web client the
 * client button opens), no request proxy.
 * The one server, `/`, is what an OpenAPI document without `servers` means (the document's own origin); naming it
 * makes Scalar's API client send to the gateway the page came from, whatever address it was reached at.
 */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  servers: [{ url: '/', description: 'this gateway' }],
};

export function mountReferencePage(router: Router, openApiPath: string, title: string): void {
  for (const { file } of SCALAR_FILES.values())
    // At start rather than at the first visit: an upgrade that moved the bundle must fail loudly, not 404 later.
    if (!statSync(file, { throwIfNoEntry: false })?.isFile())
      throw new Error(`@scalar/api-reference ${scalarVersion} has no ${fileURLToPath(file)}`);

  router.get(REFERENCE_PAGE_PATH, (ctx) => {
    ctx.set('content-security-policy', CONTENT_SECURITY_POLICY);
    // Asked again every time: the page names the bundle by version, which an upgrade changes.
    ctx.set('cache-control', 'no-cache');
    ctx.set('referrer-policy', 'no-referrer');
    ctx.set('x-content-type-options', 'nosniff');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = referencePage(title, openApiPath);
  });

  router.get(`${REFERENCE_PAGE_PATH}/scalar/:version/:file`, (ctx, next) => {
    const served = SCALAR_FILES.get(ctx.params.file ?? '');
    if (ctx.params.version !== scalarVersion || served === undefined) return next();
    ctx.set('cache-control', 'public, max-age=31536000, immutable');
    ctx.set('x-content-type-options', 'nosniff');
    ctx.type = served.type;
    ctx.body = createReadStream(served.file);
  });
}

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Not 'unsafe-eval': Scalar's bundled zod probes for eval once (a reported violation) and does without it.
  "script-src 'self'",
  // Scalar's script adds <style> elements, not all of which take a nonce, and style attributes.
  "style-src 'self' 'unsafe-inline'",
  // The page's empty favicon, so that the browser does not ask the gateway for /favicon.ico.
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function referencePage(title: string, openApiPath: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
    <script
      id="api-reference"
      data-url="${escapeHtml(openApiPath)}"
      data-configuration="${escapeHtml(JSON.stringify(SCALAR_CONFIGURATION))}"
    ></script>
    <script src="${SCALAR_BUNDLE_PATH}"></script>
  </body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.codePointAt(0)};`);
}
