import { expect } from 'chai';
import { ConfigError, env, loadConfig } from '../../services/runtime/config.ts';
import { requireUpstream, upstreamConfig } from '../../services/runtime/upstream/config.ts';

const L1 = '2khd3R26Q9YXyG2KzVGmTLmEcUeHJhbW9mo2Xud6eHdKTMaQ8U';
const MAINNET_C = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('config', () => {
  describe('loadConfig', () => {
    it('returns the parsed values', () => {
      const cfg = loadConfig(
        { PORT: env.port(), LEVEL: env.logLevel(), FLAG: env.boolean(false) },
        { PORT: '8080', LEVEL: 'debug', FLAG: 'true' },
      );
      expect(cfg).to.deep.equal({ PORT: 8080, LEVEL: 'debug', FLAG: true });
    });

    it('reads only the variables of its shape', () => {
      const cfg = loadConfig({ A: env.integer(1, 10) }, { A: '3', OTHER: 'x' });
      expect(cfg).to.deep.equal({ A: 3 });
    });

    it('defaults to process.env', () => {
      const name = 'CHAIN_DATA_CONFIG_TEST_VARIABLE';
      process.env[name] = '42';
      try {
        expect(loadConfig({ [name]: env.integer(0, 100) })).to.deep.equal({ [name]: 42 });
      } finally {
        delete process.env[name];
      }
    });

    it('names a bad variable in one line', () => {
      const err = configError(() => loadConfig({ A: env.integer(1, 1024) }, { A: '0' }));
      expect(err.message).to.equal('A: invalid value "0": expected an integer in [1, 1024]');
      expect(err.name).to.equal('ConfigError');
      expect(err.message).to.not.include('\n');
    });

    it('names a missing required variable with what it expects', () => {
      expect(configError(() => loadConfig({ R: env.url(['redis']) }, {})).message).to.equal(
        'R: is required: expected a URL (redis)',
      );
    });

    it('treats an empty string as unset', () => {
      expect(configError(() => loadConfig({ R: env.url(['redis']) }, { R: '' })).message).to.equal(
        'R: is required: expected a URL (redis)',
      );
      expect(loadConfig({ A: env.integer(1, 1024, 16) }, { A: '' })).to.deep.equal({ A: 16 });
      expect(loadConfig({ R: env.url(['redis']).optional() }, { R: '' })).to.deep.equal({});
    });

    it('reports the first bad variable in shape order', () => {
      const shape = { A: env.integer(1, 10), B: env.integer(1, 10) };
      expect(configError(() => loadConfig(shape, { A: 'x', B: 'y' })).message).to.equal(
        'A: invalid value "x": expected an integer in [1, 10]',
      );
      expect(configError(() => loadConfig(shape, { A: '5' })).message).to.equal(
        'B: is required: expected an integer in [1, 10]',
      );
      expect(configError(() => loadConfig(shape, { A: '5', B: '11' })).message).to.equal(
        'B: invalid value "11": expected an integer in [1, 10]',
      );
    });

    it('quotes the value as JSON', () => {
      expect(configError(() => loadConfig({ A: env.integer(1, 10) }, { A: 'a "b"' })).message).to.equal(
        'A: invalid value "a \\"b\\"": expected an integer in [1, 10]',
      );
    });
  });

  describe('env readers', () => {
    it('integer: whole numbers inside the bounds only', () => {
      const shape = { N: env.integer(-5, 10) };
      expect(loadConfig(shape, { N: '-5' })).to.deep.equal({ N: -5 });
      expect(loadConfig(shape, { N: '10' })).to.deep.equal({ N: 10 });
      expect(loadConfig(shape, { N: '007' })).to.deep.equal({ N: 7 });
      for (const bad of ['11', '-6', '1.5', '1e1', ' 5', '5 ', 'five', '0x5', '+5']) {
        expect(configError(() => loadConfig(shape, { N: bad })).message).to.equal(
          `N: invalid value ${JSON.stringify(bad)}: expected an integer in [-5, 10]`,
        );
      }
    });

    it('integer: default applies when unset and a set value wins', () => {
      const shape = { N: env.integer(1, 1024, 16) };
      expect(loadConfig(shape, {})).to.deep.equal({ N: 16 });
      expect(loadConfig(shape, { N: '3' })).to.deep.equal({ N: 3 });
      expect(configError(() => loadConfig(shape, { N: '2000' })).message).to.equal(
        'N: invalid value "2000": expected an integer in [1, 1024]',
      );
    });

    it('port: 0..65535 with an optional default', () => {
      expect(loadConfig({ P: env.port(8080) }, {})).to.deep.equal({ P: 8080 });
      expect(loadConfig({ P: env.port() }, { P: '0' })).to.deep.equal({ P: 0 });
      expect(configError(() => loadConfig({ P: env.port() }, { P: '65536' })).message).to.equal(
        'P: invalid value "65536": expected an integer in [0, 65535]',
      );
      expect(configError(() => loadConfig({ P: env.port() }, {})).message).to.equal(
        'P: is required: expected an integer in [0, 65535]',
      );
    });

    it('boolean: true/false/1/0, with its default', () => {
      const shape = { B: env.boolean(false) };
      expect(loadConfig(shape, { B: 'true' })).to.deep.equal({ B: true });
      expect(loadConfig(shape, { B: '1' })).to.deep.equal({ B: true });
      expect(loadConfig(shape, { B: 'false' })).to.deep.equal({ B: false });
      expect(loadConfig(shape, { B: '0' })).to.deep.equal({ B: false });
      expect(loadConfig(shape, {})).to.deep.equal({ B: false });
      expect(loadConfig({ B: env.boolean(true) }, {})).to.deep.equal({ B: true });
      expect(loadConfig({ B: env.boolean(true) }, { B: '' })).to.deep.equal({ B: true });
      for (const bad of ['yes', 'TRUE', 'on', '2']) {
        expect(configError(() => loadConfig(shape, { B: bad })).message).to.equal(
          `B: invalid value ${JSON.stringify(bad)}: expected true or false`,
        );
      }
    });

    it('oneOf: one of the listed values', () => {
      expect(loadConfig({ O: env.oneOf(['x', 'y']) }, { O: 'y' })).to.deep.equal({ O: 'y' });
      expect(loadConfig({ O: env.oneOf(['x', 'y'], 'x') }, {})).to.deep.equal({ O: 'x' });
      expect(configError(() => loadConfig({ O: env.oneOf(['x', 'y'], 'x') }, { O: 'z' })).message).to.equal(
        'O: invalid value "z": expected one of x, y',
      );
      expect(configError(() => loadConfig({ O: env.oneOf(['x', 'y']) }, {})).message).to.equal(
        'O: is required: expected one of x, y',
      );
    });

    it('logLevel: pino levels, defaulting to info', () => {
      expect(loadConfig({ L: env.logLevel() }, {})).to.deep.equal({ L: 'info' });
      expect(loadConfig({ L: env.logLevel() }, { L: 'silent' })).to.deep.equal({ L: 'silent' });
      expect(configError(() => loadConfig({ L: env.logLevel() }, { L: 'verbose' })).message).to.equal(
        'L: invalid value "verbose": expected one of trace, debug, info, warn, error, fatal, silent',
      );
    });

    it('listOf: comma-separated, trimmed, empty items dropped, every item known', () => {
      const shape = { L: env.listOf(['a', 'b', 'c']) };
      expect(loadConfig(shape, { L: 'a' })).to.deep.equal({ L: ['a'] });
      expect(loadConfig(shape, { L: ' a , c,,b, ' })).to.deep.equal({ L: ['a', 'c', 'b'] });
      expect(loadConfig({ L: env.listOf(['a', 'b'], ['b', 'a']) }, {})).to.deep.equal({ L: ['b', 'a'] });
      for (const bad of ['a,d', ',', ' , ', 'A']) {
        expect(configError(() => loadConfig(shape, { L: bad })).message).to.equal(
          `L: invalid value ${JSON.stringify(bad)}: expected a comma-separated list of a, b, c`,
        );
      }
      expect(configError(() => loadConfig(shape, {})).message).to.equal(
        'L: is required: expected a comma-separated list of a, b, c',
      );
    });

    it('text: any value, with its description when missing', () => {
      expect(loadConfig({ T: env.text('a name') }, { T: ' spaced ' })).to.deep.equal({ T: ' spaced ' });
      expect(loadConfig({ T: env.text('a name', 'fallback') }, {})).to.deep.equal({ T: 'fallback' });
      expect(configError(() => loadConfig({ T: env.text('a name') }, {})).message).to.equal(
        'T: is required: expected a name',
      );
    });

    it('url: a URL with one of the protocols', () => {
      const shape = { U: env.url(['postgres', 'postgresql']) };
      expect(loadConfig(shape, { U: 'postgres://u:p@db:5432/x' })).to.deep.equal({
        U: 'postgres://u:p@db:5432/x',
      });
      expect(loadConfig({ U: env.url(['redis'], 'redis://localhost:6379') }, {})).to.deep.equal({
        U: 'redis://localhost:6379',
      });
      for (const bad of ['http://db', 'db:5432', 'not a url']) {
        expect(configError(() => loadConfig(shape, { U: bad })).message).to.equal(
          `U: invalid value ${JSON.stringify(bad)}: expected a URL (postgres, postgresql)`,
        );
      }
    });

    it('urlList: every item a URL with one of the protocols', () => {
      const shape = { U: env.urlList(['http', 'https']) };
      expect(loadConfig(shape, { U: 'http://a:9650, https://b.example/,' })).to.deep.equal({
        U: ['http://a:9650', 'https://b.example/'],
      });
      expect(loadConfig({ U: env.urlList(['http'], 'http://x:1') }, {})).to.deep.equal({ U: ['http://x:1'] });
      for (const bad of ['http://a:1, ftp://b/', ',', 'a:1']) {
        expect(configError(() => loadConfig(shape, { U: bad })).message).to.equal(
          `U: invalid value ${JSON.stringify(bad)}: expected a comma-separated list of URLs (http, https)`,
        );
      }
      expect(configError(() => loadConfig(shape, {})).message).to.equal(
        'U: is required: expected a comma-separated list of URLs (http, https)',
      );
    });

    it('hostPort: host:port, with bracketed IPv6', () => {
      const shape = { H: env.hostPort() };
      for (const good of [
        'localhost:80',
        '0.0.0.0:9650',
        '[::1]:8080',
        '[fe80::1]:1',
        'db.example.com:5432',
      ]) {
        expect(loadConfig(shape, { H: good })).to.deep.equal({ H: good });
      }
      expect(loadConfig({ H: env.hostPort('0.0.0.0:9') }, {})).to.deep.equal({ H: '0.0.0.0:9' });
      for (const bad of ['localhost', '::1:80', ':80', 'host:', 'host:123456', 'a b:1', 'http://x:1']) {
        expect(configError(() => loadConfig(shape, { H: bad })).message).to.equal(
          `H: invalid value ${JSON.stringify(bad)}: expected host:port`,
        );
      }
      expect(configError(() => loadConfig(shape, {})).message).to.equal('H: is required: expected host:port');
    });

    it('parsed: the parser reads the value; undefined means not the expected form, a throw a precise problem', () => {
      const shape = {
        P: env.parsed('a number then "!"', (v) => {
          if (v === '0!') throw new Error('zero is not allowed');
          return /^\d+!$/.test(v) ? Number(v.slice(0, -1)) : undefined;
        }),
      };
      expect(loadConfig(shape, { P: '42!' })).to.deep.equal({ P: 42 });
      expect(configError(() => loadConfig(shape, { P: '42' })).message).to.equal(
        'P: invalid value "42": expected a number then "!"',
      );
      expect(configError(() => loadConfig(shape, { P: '0!' })).message).to.equal(
        'P: invalid value "0!": zero is not allowed',
      );
      expect(configError(() => loadConfig(shape, {})).message).to.equal(
        'P: is required: expected a number then "!"',
      );
      expect(loadConfig({ P: shape.P.optional() }, {})).to.deep.equal({});
    });

    it('optional(): unset gives no key, a set value is still validated', () => {
      const shape = { A: env.integer(1, 10).optional(), U: env.urlList(['http']).optional() };
      expect(loadConfig(shape, {})).to.deep.equal({});
      expect(loadConfig(shape, { A: '', U: '' })).to.deep.equal({});
      expect(loadConfig(shape, { A: '4', U: 'http://x' })).to.deep.equal({ A: 4, U: ['http://x'] });
      expect(configError(() => loadConfig(shape, { A: '11' })).message).to.equal(
        'A: invalid value "11": expected an integer in [1, 10]',
      );
      expect(configError(() => loadConfig(shape, { U: 'ftp://x' })).message).to.equal(
        'U: invalid value "ftp://x": expected a comma-separated list of URLs (http)',
      );
    });
  });

  describe('upstreamConfig', () => {
    it('has its defaults and an optional URL list', () => {
      expect(loadConfig(upstreamConfig, {})).to.deep.equal({
        UPSTREAM_TIMEOUT_MS: 10_000,
        UPSTREAM_MAX_CONCURRENCY: 16,
        UPSTREAM_ATTEMPTS: 4,
      });
      expect(
        loadConfig(upstreamConfig, {
          UPSTREAM_NODE_URLS: 'http://a:9650,http://b:9650',
          UPSTREAM_ATTEMPTS: '2',
        }),
      ).to.deep.equal({
        UPSTREAM_NODE_URLS: ['http://a:9650', 'http://b:9650'],
        UPSTREAM_TIMEOUT_MS: 10_000,
        UPSTREAM_MAX_CONCURRENCY: 16,
        UPSTREAM_ATTEMPTS: 2,
      });
      expect(configError(() => loadConfig(upstreamConfig, { UPSTREAM_TIMEOUT_MS: '50' })).message).to.equal(
        'UPSTREAM_TIMEOUT_MS: invalid value "50": expected an integer in [100, 600000]',
      );
    });

    it('UPSTREAM_CHAIN_NODE_URLS: ;-separated <chain>=<urls> entries, keyed by chain', () => {
      const read = (value: string) =>
        loadConfig(upstreamConfig, { UPSTREAM_CHAIN_NODE_URLS: value }).UPSTREAM_CHAIN_NODE_URLS;
      expect(read(`C=http://c-1:9650,http://c-2:9650;${L1}=https://l1-1.example/`)).to.deep.equal(
        new Map([
          ['C', ['http://c-1:9650', 'http://c-2:9650']],
          [L1, ['https://l1-1.example/']],
        ]),
      );
      expect(read(' P = http://p:9650 , ; X=http://x:9650;')).to.deep.equal(
        new Map([
          ['P', ['http://p:9650']],
          ['X', ['http://x:9650']],
        ]),
      );
      // A primary-network chain named by its blockchain id routes like its alias, which the paths use.
      expect(read(`${MAINNET_C}=http://c:9650`)).to.deep.equal(new Map([['C', ['http://c:9650']]]));
      expect(loadConfig(upstreamConfig, { UPSTREAM_CHAIN_NODE_URLS: '' })).to.not.have.property(
        'UPSTREAM_CHAIN_NODE_URLS',
      );
    });

    it('UPSTREAM_CHAIN_NODE_URLS: names the variable and the form it expects', () => {
      const message = (value: string) =>
        configError(() => loadConfig(upstreamConfig, { UPSTREAM_CHAIN_NODE_URLS: value })).message;
      for (const bad of [
        'C=ftp://x',
        'C=',
        'C',
        '=http://a:9650',
        'c=http://a:9650',
        'D=http://a:9650',
        'C=http://a:9650,not a url',
        'C=http://a:9650 X=http://b:9650',
        'C:http://a:9650',
        'http://a:9650',
        ';',
        `${L1.slice(0, -1)}=http://a:9650`,
        `${L1}x=http://a:9650`,
      ]) {
        expect(message(bad), bad).to.equal(
          `UPSTREAM_CHAIN_NODE_URLS: invalid value ${JSON.stringify(bad)}: expected <chain>=<url>[,<url>…] entries separated by ;, chains P, X, C or a blockchain id, URLs http or https`,
        );
      }
      expect(message('C=http://a:9650;P=http://p:9650;C=http://b:9650')).to.equal(
        'UPSTREAM_CHAIN_NODE_URLS: invalid value "C=http://a:9650;P=http://p:9650;C=http://b:9650": chain C is listed twice',
      );
      expect(message(`C=http://a:9650;${MAINNET_C}=http://b:9650`)).to.equal(
        `UPSTREAM_CHAIN_NODE_URLS: invalid value "C=http://a:9650;${MAINNET_C}=http://b:9650": C and ${MAINNET_C} are the same chain`,
      );
    });

    it('requireUpstream: every chain called has nodes, its own or the general list', () => {
      const chains = new Map([['C', ['http://c:9650']]]);
      const paths = ['/ext/index/C/block', '/ext/index/P/block', '/ext/bc/P', '/ext/index/X/tx'];
      requireUpstream({ UPSTREAM_NODE_URLS: ['http://a:9650'] }, paths, 'when X');
      requireUpstream(
        { UPSTREAM_CHAIN_NODE_URLS: chains },
        ['/ext/index/C/block', '/ext/bc/C/rpc'],
        'when X',
      );
      expect(
        configError(() => requireUpstream({ UPSTREAM_CHAIN_NODE_URLS: chains }, paths, 'when X')).message,
      ).to.equal(
        'UPSTREAM_NODE_URLS: is required when X unless UPSTREAM_CHAIN_NODE_URLS lists every chain called (not listed: P, X): expected a comma-separated list of URLs (http, https)',
      );
      expect(
        configError(() => requireUpstream({}, ['/ext/bc/P'], '(rewards come from the nodes)')).message,
      ).to.equal(
        'UPSTREAM_NODE_URLS: is required (rewards come from the nodes) unless UPSTREAM_CHAIN_NODE_URLS lists every chain called (not listed: P): expected a comma-separated list of URLs (http, https)',
      );
      expect(
        configError(() => requireUpstream({ UPSTREAM_CHAIN_NODE_URLS: chains }, ['/ext/info'], 'when X'))
          .message,
      ).to.include('(not listed: /ext/info)');
    });
  });
});
